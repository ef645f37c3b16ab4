"""Playing one hand of a tenhou.net/6 log from its steps (docs/games.md,
"Recorded games").

The dealer draws first; after each discard the players are asked in turn
whether their next take is a call of it (a pung or kong before a chow, which
only the next player may make); otherwise the next player draws. A hand ends
where the steps end: after a discard (a ron, an exhaustive draw, an abortive
draw), after a draw (a tsumo, nine terminals) or after an added kong (robbed).
What the play shows is kept for the win: riichi (its stick stands once the
declaring discard passes), double riichi (declared on the first discard
before any call), ippatsu (won before the declarer's next discard with no
call or kong between), the wall's last tile (70 draws with four players, 55
with three, replacements included), a replacement draw (a kong's or, with
three players, a north's), a robbed kong, a first-turn win.

A log does not say when a player let a tile pass that it could have called:
a call stands in its steps at the call, and the same tile may be discarded to
it earlier. So :func:`play_hand` takes each call at the first discard that
fits, and where the play then breaks, plays the hand again with the last call
taken so let pass (a search over those choices, at most ``MAX_PLAYS`` plays of
a hand). A step that cannot be played by any of those (a tile the player does
not hold, a call of a tile nobody discarded, a fifth copy, a draw past the
wall) is a :class:`~service.core.errors.RuleViolation` naming the hand and
the step, as the first play found it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from service.core.errors import RuleViolation, field_problem, template
from service.core.readings import complete_waits, terminal_or_honour
from service.core.tiles import special_waits
from service.rulesets.riichi.records.tenhou6 import (
    KONG_TURN,
    TILE_CODES,
    TSUMOGIRI,
    Action,
    Call,
    Kong,
    RecordedHand,
    Riichi,
    kind_key,
)

MAX_PLAYS = 4
"""Plays of one hand while looking for the calls a player let pass: a real
log needs two at most where a player let a tile pass and called the same
tile later; four keep a recorded hand's work inside the 12 units it is
charged (service.api.work) however its calls are written."""

Choice: TypeAlias = "tuple[int, int, int]"
"""A call taken at a discard: the wall's draws so far, the caller, its take's index."""

WALL_DRAWS = {4: 70, 3: 55}
"""Tiles the players draw in a hand, replacements included: 136 (108 with
three players) less the dead wall's 14 and the starting hands."""

NOT_HELD = template("Player {player} does not hold `{tile}` for this step.")
NOT_DISCARDED = template("Player {player} calls `{tile}`, which nobody has just discarded to them.")
FIFTH_COPY = template("A fifth `{tile}` appears here.")
PAST_THE_WALL = template("A draw past the wall's last tile.")
STEPS_LEFT = template("The hand ended at {at} but player {player} has steps left.")
WRONG_START = template("A starting hand has 13 tiles; player {player}'s has {count}.")
NOTHING_TO_DRAW = template("Player {player} deals this hand, and its first draw is missing.")
NOT_SEATED = template("Hand {number} would be dealt by player {player}, who is not at a three-player table.")
NOTHING_DRAWN = template("Player {player} has no drawn tile to discard (60) here: the last step was a call.")
KONG_TURN_EXPECTED = template("Player {player} called an open kong: this discard slot is 0, the turn the kong took.")
KONG_TURN_UNEXPECTED = template("Player {player} called no open kong: 0 is not a discard here.")

EndKind = Literal["discard", "draw", "kong", "north"]


KINDS: dict[int, int] = {code: (kind_key(code) // 10 - 1) * 9 + kind_key(code) % 10 - 1 for code in TILE_CODES}
"""A tile code's kind 0–33 (the service's tile order: 1m … 9m, 1p …, 1z … 7z)."""


def kind_of(code: int) -> int:
    """:data:`KINDS` as a function (for sort keys)."""
    return KINDS[code]


Where = tuple[str, int, int | None]
"""Where a step is: the hand's pointer, the entry (0–16), the step in it.
Kept as a tuple and written out only for a problem (:func:`text`): the
replay passes one per step, most never shown."""


def text(where: Where) -> str:
    """The JSON Pointer of ``where``."""
    hand, entry, step = where
    return f"{hand}/{entry}" if step is None else f"{hand}/{entry}/{step}"


@dataclass
class Meld:
    kind: Literal["chow", "pung", "kong"]
    tiles: list[int]
    concealed: bool = False


@dataclass
class Player:
    seat: int
    hand: list[int]
    melds: list[Meld] = field(default_factory=list)
    river: list[int] = field(default_factory=list)
    river_taken: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    discarded: int = 0
    drawn: int | None = None
    replacement: bool = False
    norths: int = 0
    liable: int | None = None
    """Who fed this player's third dragon or fourth wind set (包, pao), or
    with `suukantsu_pao` its fourth kan, as the play shows it: for a record
    that does not state it (MJAI). The first such seat only."""

    def take_out(self, code: int, pointer: Where) -> None:
        if code not in self.hand:
            raise RuleViolation(field_problem(text(pointer), NOT_HELD, player=self.seat, tile=code))
        self.hand.remove(code)


@dataclass
class Ending:
    """Where the steps ran out."""

    kind: EndKind
    seat: int
    tile: int
    at: Where
    concealed: bool = False
    """A kong's: it was concealed (暗槓; robbed, by kokushi musou only)."""


@dataclass
class Played:
    """A hand played to its end."""

    players: list[Player]
    ending: Ending
    declared: list[int]
    last_tile: bool
    calls_made: bool
    first_turn: set[int]


Next: TypeAlias = "tuple[int, bool] | Ending"
"""What an action leads to: the seat that draws next and whether it draws a
replacement, or where the hand ended."""


class Table:
    """One hand being played."""

    def __init__(
        self, hand: RecordedHand, seats: int, pointer: str, passed: frozenset[Choice] = frozenset(), suukantsu_pao: bool = False
    ) -> None:
        self.hand = hand
        self.suukantsu_pao = suukantsu_pao
        """`rules.suukantsu_pao`: a fourth kan called from a discard makes its discarder liable."""
        self.passed = passed
        """The calls let pass in this play."""
        self.taken: list[Choice] = []
        """The calls this play took, in order."""
        self.seats = seats
        self.pointer = pointer
        self.players = [Player(seat, list(hand.starts[seat])) for seat in range(seats)]
        self.take_at = [0] * 4
        self.action_at = [0] * 4
        self.draws = 0
        self.calls_made = False
        self.declared: list[int] = []
        self.first_turn = set(range(seats))
        self.interrupting = False
        """An added kong waits for its replacement draw to end ippatsu."""
        self.last: tuple[EndKind, int, int, Where, bool] | None = None
        """Where the hand ends if the steps end now (an Ending's fields)."""
        for seat, player in enumerate(self.players):
            if len(player.hand) != 13:
                raise RuleViolation(field_problem(text(self._at(seat, 4)), WRONG_START, player=seat, count=len(player.hand)))
        self.seen: Counter[int] = Counter()  # by kind 0–33, and a red five's code once seen
        for code in (*hand.dora, *hand.ura, *(t for p in self.players for t in p.hand)):
            self._see(code, (pointer, 2, None))

    def _at(self, seat: int, entry: int, step: int | None = None) -> Where:
        return (self.pointer, 3 * seat + entry, step)

    def _take_pointer(self, seat: int) -> Where:
        return self._at(seat, 5, self.take_at[seat])

    def _action_pointer(self, seat: int) -> Where:
        return self._at(seat, 6, self.action_at[seat])

    def _see(self, code: int, pointer: Where) -> None:
        """A tile comes into view: at most four of a kind, one of each red five."""
        seen = self.seen
        kind = KINDS[code]
        seen[kind] += 1
        if seen[kind] > 4 or (code > 50 and seen[code] > 0):
            raise RuleViolation(field_problem(text(pointer), FIFTH_COPY, tile=code))
        if code > 50:
            seen[code] = 1

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def _next_take(self, seat: int) -> object:
        takes = self.hand.takes[seat]
        return takes[self.take_at[seat]] if self.take_at[seat] < len(takes) else None

    def _next_action(self, seat: int) -> Action | None:
        actions = self.hand.actions[seat]
        return actions[self.action_at[seat]] if self.action_at[seat] < len(actions) else None

    def play(self) -> Played:
        """Play the hand from the dealer's first draw to where the steps end."""
        dealer = self.hand.number % 4
        if dealer >= self.seats:
            raise RuleViolation(field_problem(f"{self.pointer}/0", NOT_SEATED, number=self.hand.number, player=dealer))
        seat, replacement = dealer, False
        while True:
            if self._next_take(seat) is None:
                if self.last is None:  # the dealer's first draw is missing
                    raise RuleViolation(field_problem(text(self._take_pointer(seat)), NOTHING_TO_DRAW, player=seat))
                return self._ended(Ending(*self.last))
            if self.interrupting:
                self.interrupting = False
                self._interrupt()
            self._draw(seat, replacement)
            ending = self._act(seat, after_call=None)
            if isinstance(ending, Ending):
                return self._ended(ending)
            seat, replacement = ending

    def _draw(self, seat: int, replacement: bool) -> None:
        """``seat`` draws (a replacement after a kong or a north)."""
        take = self.hand.takes[seat][self.take_at[seat]]
        if not isinstance(take, int):
            raise RuleViolation(field_problem(text(self._take_pointer(seat)), NOT_DISCARDED, player=seat, tile=take.called))
        if self.draws >= WALL_DRAWS[self.seats]:
            raise RuleViolation(field_problem(text(self._take_pointer(seat)), PAST_THE_WALL))
        self.draws += 1
        self._see(take, self._take_pointer(seat))
        self.take_at[seat] += 1
        player = self.players[seat]
        player.hand.append(take)
        player.drawn = take
        player.replacement = replacement

    def _ended(self, ending: Ending) -> Played:
        for seat in range(self.seats):
            if self._next_take(seat) is not None or self._next_action(seat) is not None:
                raise RuleViolation(field_problem(text(self._at(seat, 5)), STEPS_LEFT, at=text(ending.at), player=seat))
        return Played(
            players=self.players,
            ending=ending,
            declared=self.declared,
            last_tile=self.draws >= WALL_DRAWS[self.seats],
            calls_made=self.calls_made,
            first_turn=self.first_turn,
        )

    def _act(self, seat: int, after_call: str | None) -> Next:
        """``seat``'s action after its draw or call: the next seat to draw,
        whether that draw is a replacement, or the Ending."""
        player = self.players[seat]
        action = self._next_action(seat)
        pointer = self._action_pointer(seat)
        if action is None:
            return Ending("draw", seat, player.drawn or 0, pointer)
        self.action_at[seat] += 1
        if action == KONG_TURN:
            if after_call != "kong":
                raise RuleViolation(field_problem(text(pointer), KONG_TURN_UNEXPECTED, player=seat))
            return seat, True
        if after_call == "kong":
            raise RuleViolation(field_problem(text(pointer), KONG_TURN_EXPECTED, player=seat))
        if isinstance(action, int):
            return self._discard(seat, None if action == TSUMOGIRI else action, pointer, after_call)
        if isinstance(action, Riichi):
            return self._discard(seat, action.tile, pointer, after_call, riichi=True)
        if isinstance(action, Kong):
            return self._kong(seat, action, pointer)
        player.take_out(action.tile, pointer)
        player.norths += 1
        self._interrupt()
        self.last = ("north", seat, action.tile, pointer, False)
        return seat, True

    def _interrupt(self) -> None:
        """A call or kong: no more ippatsu, first turns or double riichi."""
        self.calls_made = True
        self.first_turn.clear()
        for other in self.players:
            other.ippatsu = False

    def _kong(self, seat: int, kong: Kong, pointer: Where) -> Next:
        player = self.players[seat]
        if kong.kind == "concealed":
            for code in kong.tiles:
                player.take_out(code, pointer)
            player.melds.append(Meld("kong", list(kong.tiles), concealed=True))
        else:
            pung = next((meld for meld in player.melds if meld.kind == "pung" and kind_key(meld.tiles[0]) == kind_key(kong.tile)), None)
            if pung is None:
                raise RuleViolation(field_problem(text(pointer), NOT_HELD, player=seat, tile=kong.tile))
            player.take_out(kong.tile, pointer)
            pung.kind = "kong"
            pung.tiles.append(kong.tile)
        if kong.kind == "added":
            # robbed, the kong never was: a declarer's ippatsu stands for the
            # robbing win (Tenhou's records count 一発 with 槍槓); it ends
            # with the replacement draw
            self.interrupting = True
        else:
            self._interrupt()
        self.last = ("kong", seat, kong.tile, pointer, kong.kind == "concealed")
        return seat, True

    def _discard(self, seat: int, code: int | None, pointer: Where, after_call: str | None, riichi: bool = False) -> Next:
        """``seat`` discards ``code`` (None: the tile it just drew)."""
        player = self.players[seat]
        if code is None:
            if after_call is not None or player.drawn is None:
                raise RuleViolation(field_problem(text(pointer), NOTHING_DRAWN, player=seat))
            code = player.drawn
        player.take_out(code, pointer)
        player.river.append(code)
        player.drawn = None
        player.replacement = False
        player.ippatsu = False  # a declarer's next discard ends its ippatsu turn
        if riichi:
            self._declare(player)
        player.discarded += 1
        self.first_turn.discard(seat)
        return self._claims(seat, code, pointer)

    def _declare(self, player: Player) -> None:
        player.double_riichi = player.seat in self.first_turn and not self.calls_made
        player.riichi = True
        player.ippatsu = True

    def _claims(self, seat: int, code: int, pointer: Where) -> Next:
        """After ``seat`` discards ``code``: a call of it (a pung or kong
        before a chow), or the next draw."""
        chow: tuple[int, Call] | None = None
        takes, take_at = self.hand.takes, self.take_at
        for step in range(1, self.seats):
            caller = (seat + step) % self.seats
            if take_at[caller] >= len(takes[caller]):
                continue
            take = takes[caller][take_at[caller]]
            if isinstance(take, int) or take.called != code or (caller - seat) % 4 != take.offset:
                continue
            choice = (self.draws, caller, take_at[caller])
            if choice in self.passed:
                continue
            self.taken.append(choice)
            if take.kind != "chow":
                self._stick_stands(seat)
                return self._call(caller, seat, take)
            chow = (caller, take)
        if chow is not None:
            self._stick_stands(seat)
            return self._call(chow[0], seat, chow[1])
        self.last = ("discard", seat, code, pointer, False)
        following = self.next_seat(seat)
        if self._next_take(following) is not None:
            self._stick_stands(seat)
        return following, False

    def _stick_stands(self, seat: int) -> None:
        """The declaring discard passed: the riichi stick goes on the table."""
        player = self.players[seat]
        if player.riichi and seat not in self.declared:
            self.declared.append(seat)

    def _call(self, caller: int, giver: int, call: Call) -> Next:
        pointer = self._take_pointer(caller)
        player = self.players[caller]
        for code in call.own:
            player.take_out(code, pointer)
        self.take_at[caller] += 1
        self.players[giver].river_taken = True
        tiles = sorted([call.called, *call.own], key=kind_of)
        player.melds.append(Meld(call.kind, tiles))
        if call.kind != "chow" and _completes_pao(player, call.called):
            player.liable = giver
        elif call.kind == "kong" and self.suukantsu_pao and player.liable is None and _kongs(player) == 4:
            player.liable = giver  # 四槓子の責任払い: the fourth kan called from this discard
        self._interrupt()
        return self._act(caller, after_call=call.kind)


DRAGONS = frozenset({45, 46, 47})
WINDS = frozenset({41, 42, 43, 44})


def _completes_pao(player: Player, called: int) -> bool:
    """The call makes the player's third set of dragons or fourth of winds."""
    group = DRAGONS if called in DRAGONS else WINDS if called in WINDS else None
    if group is None:
        return False
    sets = sum(1 for meld in player.melds if meld.kind != "chow" and meld.tiles[0] in group)
    return sets == len(group) - 1 + (group is WINDS)


def _kongs(player: Player) -> int:
    return sum(1 for meld in player.melds if meld.kind == "kong")


def play_hand(
    hand: RecordedHand, seats: int, pointer: str, accept: Callable[[Played], bool] | None = None, *, suukantsu_pao: bool = False
) -> Played:
    """Play a hand, finding the calls its players let pass (module doc): a
    depth-first search, the latest call taken let pass first. A play that
    reaches the end of the steps but that ``accept`` refuses (a winner whose
    tiles are no complete hand: a call taken too early) is searched past
    too, and is the answer when no other play is. ``suukantsu_pao``: a
    fourth kan called from a discard makes its discarder liable."""
    passed: frozenset[Choice] = hand.passed
    first: RuleViolation | None = None
    refused: Played | None = None
    for _ in range(MAX_PLAYS):
        table = Table(hand, seats, pointer, passed, suukantsu_pao)
        try:
            played = table.play()
            if accept is None or accept(played):
                return played
            refused = refused or played
        except RuleViolation as exc:
            first = first or exc
        if not table.taken:
            break
        latest = table.taken[-1]
        passed = frozenset(choice for choice in passed if choice < latest) | {latest}
    if refused is not None:
        return refused
    assert first is not None
    raise first


def wins_with(player: Player, tile: int, drawn: bool) -> bool:
    """``tile`` completes the player's hand (``drawn``: the hand holds it
    already, as the tile just drawn)."""
    counts = [0] * 34
    for code in player.hand:
        counts[KINDS[code]] += 1
    kind = KINDS[tile]
    if drawn:
        counts[kind] -= 1
    if counts[kind] < 0:
        return False
    held = list(counts)
    for meld in player.melds:
        for code in meld.tiles[:3]:
            held[KINDS[code]] += 1
    if kind in complete_waits(counts, 4 - len(player.melds), held, thirteen_orphans=not player.melds):
        return True
    return not player.melds and kind in special_waits(counts, held)


def tenpai(player: Player) -> bool:
    """Ready at an exhaustive draw: a wait that is not a tile the hand holds
    all four of (Tenhou counts no such 純カラ wait)."""
    counts = [0] * 34
    for code in player.hand:
        counts[KINDS[code]] += 1
    held = list(counts)
    for meld in player.melds:
        for code in meld.tiles[:3]:
            held[KINDS[code]] += 1
    sets = 4 - len(player.melds)
    if complete_waits(counts, sets, held, thirteen_orphans=not player.melds):
        return True
    return not player.melds and bool(special_waits(counts, held))


def nagashi(player: Player) -> bool:
    """流し満貫: every discard a terminal or honour, none of them called."""
    return bool(player.river) and not player.river_taken and all(terminal_or_honour(kind_of(code)) for code in player.river)
