// The shapes the server sends a table page (``TableService.view`` in ``kartaros/server/tables.py``),
// and what a game's table module gets to draw with. Types only: nothing here runs.

/**
 * One line of a game's table in words (``kartaros.info.TableRow``).
 * @typedef {object} TableRow
 * @property {string} label
 * @property {string[] | null} cards
 * @property {string} note
 * @property {boolean} more
 * @property {boolean} alert
 * @property {number} backs
 * @property {boolean} mover
 */

/**
 * A legal move and its words.
 * @typedef {object} Move
 * @property {string} action
 * @property {string} text
 */

/**
 * The words of a view, in the language the page asked for.
 * @typedef {object} ViewWords
 * @property {string} lang
 * @property {string[]} log the latest events in words
 * @property {number} log_from the index of the first of them in the game's history
 * @property {Move[]} moves
 * @property {TableRow[]} [table]
 * @property {string} [turn]
 * @property {string} [call_button]
 * @property {string} [end]
 * @property {string[]} [table_log] the table's events in words (a bot taking a seat over, a draw offer …)
 * @property {(number | null)[]} [table_log_at] how many of the game's events came before each of them (null: unknown, told last)
 */

/**
 * A call window open now (``TableService.view``): seconds until it closes by the server's clock,
 * how long it is open in all, and whether this seat may call.
 * @typedef {object} CallWindow
 * @property {number} closes_in
 * @property {number} seconds
 * @property {boolean} may_call
 */

/**
 * What one seat (or a spectator, ``seat`` null) is shown of a table.
 * @typedef {object} View
 * @property {string} table
 * @property {string} game
 * @property {string} title
 * @property {number | null} seat
 * @property {string[]} names
 * @property {string[]} seats
 * @property {Record<string, unknown>} variant
 * @property {string | null} call
 * @property {number} seq
 * @property {number | null} current_player
 * @property {Record<string, any>} view the seat's observation (the public one for a spectator)
 * @property {number} [events_from] a pushed view's: the index of the first of ``view.events`` in the history (the page adds them to those it holds)
 * @property {string[]} legal
 * @property {string[]} [offers] what the seat may try now (``GameInfo.offers``): the page offers these
 * @property {boolean} over
 * @property {number[]} returns
 * @property {{ reason: string, detail: string } | null} result
 * @property {CallWindow | null} [window] an open call window, raced for by every seat that may call
 * @property {MoveClock | null} [clock] the table's move clock, where it has one
 * @property {string} [on_timeout] what a seat's time running out does: "bot" or "forfeit"
 * @property {number[]} [away] the seats a bot plays for now
 * @property {number | null} [draw_offer] the seat whose draw offer stands
 * @property {TableAsks} [may] what this seat may ask of the table now
 * @property {ViewWords} words
 * @property {boolean[]} [connected] each seat's player connected now
 * @property {number[]} [free] the seats nobody has taken yet: the game starts when none is left
 * @property {number | null} [creator] the seat of who made the table (he may seat bots at the free seats)
 * @property {boolean} [open] listed in the lobby
 * @property {LessonWords} [lesson] the step of a guided first game (``kartaros/server/lessons.py``)
 */

/**
 * A guided first game's step as the page shows it: which of how many, its words, whether it is
 * read and gone on from by Next, whether the lesson is done or is showing moves, and the cards and places of the
 * game's layout it points at.
 * @typedef {object} LessonWords
 * @property {number} step
 * @property {number} steps
 * @property {string} text
 * @property {boolean} read
 * @property {boolean} done
 * @property {string[]} cards
 * @property {string[]} places
 * @property {boolean} moving a view of a move on the way to the next step (nothing to do yet)
 */

/**
 * The move clock (``clocks.view_part``): the setting, the running turn and each seat's reserve.
 * @typedef {object} MoveClock
 * @property {number} per_move
 * @property {number} reserve
 * @property {{ seat: number, deadline: number, left: number, move_left: number } | null} turn
 * @property {number[]} reserves
 */

/**
 * @typedef {object} TableAsks
 * @property {boolean} resign
 * @property {boolean} offer_draw
 * @property {boolean} answer_draw
 * @property {boolean} take_seat_back
 */

/**
 * What a game's table module draws with: the view, the element to draw in, the cards the person
 * has selected in their hand, and how to play a move or redraw after a change of selection.
 * @typedef {object} TableContext
 * @property {View} view
 * @property {HTMLElement} root
 * @property {Set<string>} selected
 * @property {(action: string) => void} send
 * @property {() => void} redraw
 */

/**
 * A game's table module (``kartaros/games/<name>/table.js``): draws the game as it is laid out
 * at a real table. ``byHand`` says the person plays with cards and piles, so the list of moves
 * in words starts collapsed; ``styles`` that the folder has a ``table.css`` of its own.
 *
 * The rest is optional and makes the motion between two views true to the game (``motion.js``;
 * ``newEvents(previous, view)`` there gives the events between them). A place is named by the
 * ``data-pile`` or ``data-key`` of an element the module draws, else by a CSS selector within
 * the table (``.seat-top .stack``). ``origins``: where the face-up cards new to the table come
 * from (a drawn card from the stock), by card code; the others fade in. ``destinations``: where
 * the cards the move took away went (a trick to its winner's pile); a card that left the table
 * flies there, one still on show sends a copy there; the others fade out. ``backs``: cards that
 * moved between face-down places, ``[from, to]``, each shown as a card back sliding across, or
 * ``[from, to, code]``, face up, where everybody knows the card. ``holds``: places whose text (a
 * count) shows what it said before until those cards have landed. ``callouts``: ``[place, words]``
 * said at a place by the move (a call), shown over it while the cards move. ``pauseAt``: the
 * page holds the table on ``view`` until the person goes on (or a short timer ends), where the
 * view shows something to look at (a showdown).
 * @typedef {object} GameTable
 * @property {(ctx: TableContext) => void} render
 * @property {boolean} [byHand]
 * @property {boolean} [styles]
 * @property {(previous: View, view: View) => Map<string, string>} [origins]
 * @property {(previous: View, view: View) => Map<string, string>} [destinations]
 * @property {(previous: View, view: View) => [string, string, string?][]} [backs]
 * @property {(previous: View, view: View) => string[]} [holds]
 * @property {(previous: View, view: View) => [string, string][]} [callouts]
 * @property {(previous: View, view: View) => boolean} [pauseAt]
 * @property {(view: View, action: string) => string[]} [hintPlaces] where a hinted move is made (CSS
 *   selectors within the table: the pile it lands on), for the page to mark beside the move's cards
 */

export {};
