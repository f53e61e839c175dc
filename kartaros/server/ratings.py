"""A rating per game, by OpenSkill's Plackett-Luce model, over the finished games between accounts.

A game is rated when every seat was an account or a bot, at least one an account, and no account
sat twice: a guest's seat leaves the game unrated (nobody knows who he was). The players are
ranked by their returns (equal returns: a tie). Bots are rated opponents at fixed levels: their
ratings below are constants, never moved by a game, so that beating a hard bot means the same
every time; an account's rating starts at the model's default (mu 25, sigma 25/3), where the
medium bot stands. Readings: the bots' levels are set so that medium is the default player, easy
a clear step below and hard a clear step above; they are not measured.

Ratings are worked out from the stored games each time they are asked for (a pure function of
the finished games, in the order they finished), so nothing of them is stored or can drift.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

BOT_SKILL = {"easy": (18.0, 1.0), "medium": (25.0, 1.0), "hard": (31.0, 1.0)}  # (mu, sigma), fixed
SHOWN_PER_MU = 40  # a rating shown to people is 40 × mu: the default player and the medium bot at 1000


@dataclass(frozen=True)
class RatedGame:
    seats: tuple[str, ...]  # each "account:ID" or "bot:LEVEL"
    returns: tuple[float, ...]


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> int:
        """The rating as a person reads it."""
        return round(SHOWN_PER_MU * self.mu)

    @property
    def spread(self) -> int:
        """How sure it is, as ± on ``shown`` (two sigmas)."""
        return round(SHOWN_PER_MU * 2 * self.sigma)

    @property
    def conservative(self) -> float:
        """What a leaderboard sorts by: the skill the player surely has (mu − 3 sigma)."""
        return self.mu - 3 * self.sigma


def rated(seats: Sequence[str], accounts: Sequence[int | None], returns: Sequence[float]) -> RatedGame | None:
    """The game as a rating sees it, or None where it is not rated (a guest, no account, one
    account in two seats). ``seats``: each seat's kind (``human``, ``bot:LEVEL``); ``accounts``:
    the account at each seat (None: none)."""
    keys: list[str] = []
    for kind, account in zip(seats, accounts, strict=True):
        if kind.startswith("bot:") and kind[4:] in BOT_SKILL:
            keys.append(kind)
        elif account is not None:
            keys.append(f"account:{account}")
        else:
            return None
    people = [k for k in keys if k.startswith("account:")]
    if not people or len(set(people)) != len(people):
        return None
    return RatedGame(tuple(keys), tuple(float(r) for r in returns))


def ratings(games: Iterable[RatedGame]) -> dict[str, Rating]:
    """Every account's rating after ``games``, in the order given (the order they finished)."""
    model = PlackettLuce()
    skill: dict[str, PlackettLuceRating] = {}
    played: dict[str, int] = {}
    for game in games:
        teams = [[_rating(model, skill, key)] for key in game.seats]
        after = model.rate(teams, scores=list(game.returns))
        for key, (new,) in zip(game.seats, after, strict=True):
            if key.startswith("account:"):
                skill[key] = new
                played[key] = played.get(key, 0) + 1
    return {key: Rating(r.mu, r.sigma, played[key]) for key, r in skill.items()}


def _rating(model: PlackettLuce, skill: dict[str, PlackettLuceRating], key: str) -> PlackettLuceRating:
    if key.startswith("bot:"):
        mu, sigma = BOT_SKILL[key[4:]]
        return model.rating(mu=mu, sigma=sigma)
    return skill.get(key) or model.rating()
