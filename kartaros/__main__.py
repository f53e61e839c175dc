"""``python3 -m kartaros …`` runs the command line (the same as the ``kartaros`` script)."""

from kartaros.cli import main

main()
