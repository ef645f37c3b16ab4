"""`POST /v1/riichi/game-records`: a recorded game in, a settled ledger out
(the contract's "Recorded games"; docs/games.md).

Each hand of the record is played from its steps (:mod:`.replay`), each win
settled from the winner's own tiles with the flags the play shows, each draw
from the hands, and the hands go through the same driver as `POST
/v1/riichi/games`: the answer is what that endpoint answers for them, with
the log's own deltas beside each hand (`recorded_deltas`) and whether they
agree (`matches`), and at the top how many do not (`mismatches`).

The record comes in one of three formats, each read by its own module into
the one form the replay plays: tenhou.net/6 JSON (:mod:`.tenhou6`, read hand
by hand as the replay goes), Tenhou's mjlog XML (:mod:`.mjlog`) and MJAI
events (:mod:`.mjai`), both read whole through :mod:`.events`. The answer
is the same for every format.

The rules default to those the record states: Tenhou's (ENGINEERING-NOTES,
"Tenhou's rules"), with the table size, the game's length, open tanyao and
red fives read from the rule line (mjlog: its `GO` type; MJAI states none);
a request's `rules`, `yaku_options` and `game` fields change them field by
field.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import Annotated, Any, Literal

import msgspec

from service.core.errors import RuleViolation, field_problem, template
from service.core.fields import OrUnset, struct_fields
from service.core.game import GameSteps, finish
from service.core.seats import SEATS
from service.rulesets.riichi import game as riichi_game
from service.rulesets.riichi.game_results import MAX_START
from service.rulesets.riichi.presets import PRESETS, PresetField
from service.rulesets.riichi.records.events import UNSTATED
from service.rulesets.riichi.records.formats import Opening, Source, read_source
from service.rulesets.riichi.records.mjai import MAX_EVENT_FIELDS, MAX_EVENTS
from service.rulesets.riichi.records.mjlog import MAX_MJLOG_CHARS
from service.rulesets.riichi.records.replay import Played, Player, kind_of, nagashi, play_hand, tenpai, wins_with
from service.rulesets.riichi.records.tenhou6 import RecordedHand, RecordedResult, RecordedWin, TenhouRecord
from service.rulesets.riichi.rules import RiichiRules
from service.rulesets.riichi.yaku_rules import YakuOptions

SUIT_LETTERS = {1: "m", 2: "p", 3: "s", 4: "z"}

RECORD_BODY_BYTES = 1024 * 1024
"""The most bytes a `game-records` body may take (1 MiB), whatever the
service's bound for other bodies: a whole game is larger than a hand (a
hanchan is 5–20 KB as tenhou.net/6, 10–40 KB as mjlog XML, 7–135 KB as MJAI
events). Its work stays bounded by its hands (service.api.work)."""

WINNER_NOT_THERE = template("The result names player {player}, who is not at this table.")
SELF_DRAW_NOT_PLAYED = template("The result says player {player} won by self-draw, but the play ends after player {seat}'s discard.")
DISCARD_NOT_PLAYED = template(
    "The result says player {player} won on player {source}'s tile, but the play ends after player {seat}'s draw."
)
SELF_DRAW_AFTER_CALL = template(
    "The result says player {player} won by self-draw, but the play ends after player {player}'s call, with no tile drawn."
)
SOURCE_NOT_PLAYED = template("The result says player {player} won on player {source}'s tile, but the play ends with player {seat}'s.")
NOT_THE_WINNER = template(
    "The result names player {player} the winner on `{tile}`, but player {player}'s tiles `{tiles}` do not win on it."
)
ANOTHER_WINNER = template(
    "The result names player {player} the winner on `{tile}`, but player {player}'s tiles `{tiles}` do not win on it; "
    "player {other}'s `{others}` do."
)
DEALER_DIFFERS = template(
    "The record deals hand {index} (counting from 0) to player {player}, but under these rules the game gives the deal to {dealer}."
)


def notation(codes: list[int] | tuple[int, ...]) -> str:
    """Tile codes in MPSZ notation, suits in order (51 → ``0m``)."""
    by_suit: dict[int, list[str]] = {}
    for code in sorted(codes, key=lambda c: (kind_of(c), c)):
        suit, rank = divmod(code, 10)
        if suit == 5:
            suit, rank = rank, 0
        by_suit.setdefault(suit, []).append(str(rank))
    return "".join("".join(digits) + SUIT_LETTERS[suit] for suit, digits in sorted(by_suit.items()))


def _start_points(opening: Opening | None, players: int) -> int:
    """The points each player started with: the first hand's scores and the
    sticks on the table shared out (a record that starts later still holds
    every point of the start), when that is one whole number within the
    game's bounds; else Tenhou's (25,000, three players 35,000)."""
    if opening is not None:
        (_, _, sticks), scores = opening
        start, left = divmod(sum(scores) + 1000 * sticks, players)
        if not left and 1000 <= start <= MAX_START:
            return start
    return 35_000 if players == 3 else 25_000


def _resume(opening: Opening | None, players: int, start: int) -> dict[str, Any] | None:
    """Where a record that starts after the game's first hand picks the game
    up (its first hand's place, honba, sticks and scores); None for one that
    starts at east 1 with every score `start`."""
    if opening is None:
        return None
    (number, honba, sticks), scores = opening
    if ((number, honba, sticks) == (0, 0, 0) and scores == [start] * players) or not 0 <= number < 16:
        return None
    return {
        "round": SEATS[number // 4],
        "hand_number": number % 4 + 1,
        "honba": honba,
        "riichi_sticks": sticks,
        "scores": dict(zip(SEATS, scores, strict=False)),
    }


def record_defaults(source: Source) -> dict[str, dict[str, Any]]:
    """The rules a record states, in the service's names: Tenhou's
    (ENGINEERING-NOTES, "Tenhou's rules"): no kiriage, kazoe yakuman, yakuman
    add up but none counts double, no renhou, honba and sticks to the first
    of two winners, 包牌 pays the whole hand, a north's replacement is
    rinshan; the game ends by agari-yame, plays one extension round while
    nobody has the return points, and prints results in whole thousands."""
    players = source.players
    disp = source.disp
    rules: dict[str, Any] = {
        "kiriage": False,
        "kazoe": "yakuman",
        "multiple_yakuman": True,
        "multi_ron_honba": "first_only",
        "pao_scope": "whole_hand",
        "nukidora_rinshan": True,
    }
    if players == 3:
        rules["noten_payment"] = 2000
    yaku_options: dict[str, Any] = {"double_yakuman": False, "renhou": "off", "open_tanyao": "喰" in disp or not disp}
    opening = source.opening()
    start = _start_points(opening, players)
    resume = _resume(opening, players, start)
    game: dict[str, Any] = {
        "players": players,
        "length": "east" if "東" in disp else "hanchan",
        "start_points": start,
        "return_points": max(start, 40_000 if players == 3 else 30_000),
        "uma": [0, 20] if players == 3 else [10, 20],
        "ties": "seat_order",
        "agari_yame": True,
        "extension": "sudden_death",
        "rounding": "nearest_thousand",
    }
    if resume is not None:
        game["resume"] = resume
    return {"rules": rules, "yaku_options": yaku_options, "game": game}


MjlogText = Annotated[
    str,
    msgspec.Meta(max_length=MAX_MJLOG_CHARS, description="`mjlog`: the `<mjloggm>` document, as Tenhou writes it (docs/games.md)."),
]
MjaiEvents = Annotated[
    list[dict[str, Any]],
    msgspec.Meta(max_length=MAX_EVENTS, description="`mjai`: the MJAI events in the order played (docs/games.md)."),
]


MJAI_EVENT_SCHEMA = {
    "type": "object",
    "required": ["type"],
    "properties": {"type": {"type": "string", "max_length": 32, "description": "`start_kyoku`, `tsumo`, `dahai`, `hora` …"}},
    "max_properties": MAX_EVENT_FIELDS,
    "description": "One MJAI event (docs/games.md); fields this service does not read are read past.",
}
"""What the OpenAPI document publishes of an MJAI event (in the keywords of
the document's schema objects)."""


class GameRecordRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A recorded game to replay and settle."""

    __schema_extra__ = {
        "alternatives": {
            "record": {
                "string": {"max_length": MAX_MJLOG_CHARS, "description": "`mjlog`: the `<mjloggm>` document, as Tenhou writes it."},
                "array": {
                    "max_items": MAX_EVENTS,
                    "items": MJAI_EVENT_SCHEMA,
                    "description": "`mjai`: the MJAI events in the order played.",
                },
            }
        }
    }

    format: Annotated[
        Literal["tenhou6", "mjlog", "mjai"],
        msgspec.Meta(
            description="`tenhou6`: the tenhou.net/6 JSON log; `mjlog`: Tenhou's mjlog XML as a string; "
            "`mjai`: the array of MJAI events (docs/games.md)."
        ),
    ]
    record: TenhouRecord | MjlogText | MjaiEvents
    rules: Annotated[RiichiRules, msgspec.Meta(description="Table rules; fields left out take the record's (Tenhou's: docs/games.md).")] = (
        msgspec.field(default_factory=RiichiRules)
    )
    yaku_options: Annotated[
        YakuOptions, msgspec.Meta(description="How yaku count; fields left out take the record's (no double yakuman, no renhou).")
    ] = msgspec.field(default_factory=YakuOptions)
    game: Annotated[
        riichi_game.RiichiGameSetup,
        msgspec.Meta(description="How the game runs; fields left out take the record's (table size, length, start points, uma)."),
    ] = msgspec.field(default_factory=riichi_game.RiichiGameSetup)
    preset: OrUnset[PresetField] = msgspec.UNSET


class ReadGameRecordRequest(GameRecordRequest, kw_only=True):
    """A request with its record already read (by the endpoint, which needs
    the rules it states before the replay): the replay reads it no more."""

    source: Any = None


def hand_count(request: GameRecordRequest) -> int:
    """The hands of the request's record (its weight in recorded hands)."""
    source = getattr(request, "source", None)
    if source is not None:
        return int(source.count)
    return len(request.record.log) if isinstance(request.record, TenhouRecord) else 0


RecordHandResult: type = msgspec.defstruct(
    "RiichiRecordHand",
    [
        *struct_fields(riichi_game.TYPES.hand),
        ("recorded_deltas", Annotated[dict[str, int], msgspec.Meta(description="What the record paid each seat for the hand.")]),
        ("matches", Annotated[bool, msgspec.Meta(description="The record's deltas equal the settlement's (or the draw's).")]),
    ],
    kw_only=True,
    module=__name__,
)
RecordResult = msgspec.defstruct(
    "RiichiGameRecord",
    [
        *(
            (info.name, list[RecordHandResult] if info.name == "hands" else info.type)  # type: ignore[valid-type]
            for info in msgspec.structs.fields(riichi_game.TYPES.answer)
            if info.required
        ),
        ("mismatches", Annotated[int, msgspec.Meta(description="Hands whose recorded deltas differ from the service's.")]),
        # the game's answer fields present with a preset only (absent otherwise), after the required ones
        *((info.name, info.type, info.default) for info in msgspec.structs.fields(riichi_game.TYPES.answer) if not info.required),
    ],
    kw_only=True,
    module=__name__,
)


def _seat(player: int, players: int, pointer: str) -> str:
    if player >= players:
        raise RuleViolation(field_problem(pointer, WINNER_NOT_THERE, player=player))
    return SEATS[player]


def _melds(player: Player) -> list[dict[str, Any]]:
    return [{"kind": meld.kind, "tiles": notation(meld.tiles), "concealed": meld.concealed} for meld in player.melds]


def _tiles(hand: RecordedHand, played: Played, winner: Player, tsumo: bool) -> dict[str, Any]:
    ending = played.ending
    concealed = list(winner.hand) if tsumo else [*winner.hand, ending.tile]
    win_tile = winner.drawn if tsumo and winner.drawn is not None else ending.tile
    tiles: dict[str, Any] = {
        "concealed": notation(concealed),
        "melds": _melds(winner),
        "win_tile": notation([win_tile]),
        "round_wind": SEATS[hand.number // 4],
        "riichi": winner.riichi and not winner.double_riichi,
        "double_riichi": winner.double_riichi,
        "ippatsu": winner.ippatsu,
        "dora_indicators": notation(hand.dora),
        "last_tile": played.last_tile and not (tsumo and winner.replacement),
        "after_kong": tsumo and winner.replacement,
        "robbing_kong": not tsumo and ending.kind == "kong",
        "blessing": tsumo and winner.seat in played.first_turn,
    }
    if ending.concealed and not tsumo:
        tiles["robbed_kong"] = "concealed"
    if winner.riichi and hand.ura:
        tiles["ura_dora_indicators"] = notation(hand.ura)
    if winner.norths:
        tiles["nukidora"] = winner.norths
    return tiles


def _winner(hand: RecordedHand, played: Played, win: RecordedWin, players: int, pointer: str) -> dict[str, Any]:
    tsumo = win.who == win.source
    winner = played.players[win.who] if win.who < players else None
    if winner is None:
        raise RuleViolation(field_problem(pointer, WINNER_NOT_THERE, player=win.who))
    body: dict[str, Any] = {"winner": SEATS[win.who], "tiles": _tiles(hand, played, winner, tsumo)}
    liable = winner.liable if win.liable == UNSTATED else win.liable
    if liable is not None and liable != win.who:
        body["liable"] = _seat(liable, players, pointer)
    return body


def _check_ending(result: RecordedResult, played: Played, pointer: str) -> None:
    ending = played.ending
    for win in result.wins:
        tsumo = win.who == win.source
        if tsumo and ending.kind != "draw":
            raise RuleViolation(field_problem(pointer, SELF_DRAW_NOT_PLAYED, player=win.who, seat=ending.seat))
        if not tsumo and ending.kind == "draw":
            raise RuleViolation(field_problem(pointer, DISCARD_NOT_PLAYED, player=win.who, source=win.source, seat=ending.seat))
        if win.source != ending.seat:
            raise RuleViolation(field_problem(pointer, SOURCE_NOT_PLAYED, player=win.who, source=win.source, seat=ending.seat))
        if tsumo and win.who < len(played.players) and played.players[win.who].drawn is None:
            raise RuleViolation(field_problem(pointer, SELF_DRAW_AFTER_CALL, player=win.who))


def _held(player: Player, without: int | None = None) -> str:
    """A player's tiles in MPSZ notation, each called set in brackets."""
    concealed = list(player.hand)
    if without is not None:
        concealed.remove(without)
    return notation(concealed) + "".join(f" [{notation(meld.tiles)}]" for meld in player.melds)


def _not_the_winner(result: RecordedResult, played: Played, pointer: str) -> RuleViolation:
    """The result names a winner whose tiles do not win on the tile the play
    ends with (every play of the hand was tried): which, and whose do."""
    seated = [win for win in result.wins if win.who < len(played.players)]
    win = next((win for win in seated if not _wins(win, played)), seated[0])
    player, tsumo = played.players[win.who], win.who == win.source
    tile = player.drawn if tsumo and player.drawn is not None else played.ending.tile
    params = {"player": win.who, "tile": notation([tile]), "tiles": _held(player, tile if tsumo else None)}
    others = [p for p in played.players if not tsumo and p.seat not in (win.who, win.source) and wins_with(p, tile, drawn=False)]
    if others:
        return RuleViolation(field_problem(pointer, ANOTHER_WINNER, **params, other=others[0].seat, others=_held(others[0])))
    return RuleViolation(field_problem(pointer, NOT_THE_WINNER, **params))


def hand_item(hand: RecordedHand, played: Played, players: int, pointer: str, complete: bool = True) -> dict[str, Any]:
    """The games hand for one played hand of the record (``complete``: its
    winners' tiles win, as :func:`_complete` found them)."""
    result = hand.result
    declared = [SEATS[seat] for seat in played.declared]
    if result.kind == "abort":
        if result.name == "四家立直":
            declared = [SEATS[p.seat] for p in played.players if p.riichi]
        return {"type": "abort", "riichi": declared}
    if result.kind == "draw":
        return {
            "type": "draw",
            "tenpai": [SEATS[p.seat] for p in played.players if tenpai(p)],
            "nagashi_mangan": [SEATS[p.seat] for p in played.players if nagashi(p)],
            "riichi": declared,
        }
    _check_ending(result, played, f"{pointer}/16")
    if not complete:
        raise _not_the_winner(result, played, f"{pointer}/16")
    first, *others = (_winner(hand, played, win, players, f"{pointer}/16") for win in result.wins)
    source = result.wins[0].source
    item: dict[str, Any] = {
        **first,
        "win": {"type": "self_draw"} if source == result.wins[0].who else {"type": "discard", "discarder": SEATS[source]},
        "riichi": declared,
    }
    if others:
        item["further_winners"] = others
    return item


def replayed_hands(source: Source, players: int, suukantsu_pao: bool = False) -> Iterator[tuple[RecordedHand, dict[str, Any]]]:
    """Each hand of the record read, played and made a games hand, in order
    (``suukantsu_pao``: the rule, for the liable seats the play shows)."""
    for index, (pointer, hand) in enumerate(source.hands()):
        verdicts: list[bool] = []
        try:
            played = play_hand(hand, players, pointer, functools.partial(_judged, hand, verdicts), suukantsu_pao=suukantsu_pao)
            item = hand_item(hand, played, players, pointer, complete=not verdicts or verdicts[-1])
        except RuleViolation as exc:
            raise _located(exc, functools.partial(source.locate, index)) from None
        yield hand, item


def _judged(hand: RecordedHand, verdicts: list[bool], played: Played) -> bool:
    """:func:`_complete`, each verdict kept (the last is the answer's play's)."""
    verdicts.append(_complete(hand, played))
    return verdicts[-1]


def _complete(hand: RecordedHand, played: Played) -> bool:
    """Every winner's tiles make a complete hand with the tile it won on."""
    for win in hand.result.wins:
        if win.who >= len(played.players):
            return True  # the winner is not at the table: hand_item says so
        if not _wins(win, played):
            return False
    return True


def _wins(win: RecordedWin, played: Played) -> bool:
    """The winner's tiles make a complete hand with the tile it won on."""
    player = played.players[win.who]
    tsumo = win.who == win.source
    tile = player.drawn if tsumo else played.ending.tile
    return tile is not None and wins_with(player, tile, drawn=tsumo)


def _located(exc: RuleViolation, where: Any) -> RuleViolation:
    problems = [type(problem)(where(problem.pointer), problem.detail, problem.template, problem.params) for problem in exc.problems]
    exc.problems = tuple(problems)
    return exc


def _repointed(exc: RuleViolation, source: Source) -> RuleViolation:
    """A games problem at `/hands/<i>/…` is the record's hand `i`."""

    def where(pointer: str) -> str:
        if pointer.startswith("/hands/"):
            return source.locate(int(pointer.removeprefix("/hands/").split("/", 1)[0]), "")
        return pointer

    return _located(exc, where)


def _deltas(settled: Any, seats: tuple[str, ...]) -> dict[str, Decimal]:
    source = settled.settlement or settled.draw
    if source is None:
        return {seat: Decimal(0) for seat in seats}
    return {seat: source.deltas.get(seat, Decimal(0)) for seat in seats}


def _lay_fu(item: dict[str, Any], fu: Mapping[str, Any]) -> None:
    """The preset's fu rules laid under each winner's tiles (a replayed
    hand states none of its own)."""
    for winner in (item, *item.get("further_winners", ())):
        tiles = winner.get("tiles")
        if isinstance(tiles, dict):
            tiles["fu_rules"] = {**fu, **tiles.get("fu_rules", {})}


def game_record(request: GameRecordRequest) -> Any:
    """Replay and settle a recorded game (`RecordResult`)."""
    return finish(game_record_steps(request))


def game_record_steps(request: GameRecordRequest) -> GameSteps:
    """:func:`game_record`, yielding after each hand replayed and each hand
    settled."""
    source = getattr(request, "source", None) or read_source(request.format, request.record)
    players = request.game.players
    items: list[Any] = []
    recorded: list[dict[str, int]] = []
    record_hands: list[RecordedHand] = []
    seats = SEATS[:players]
    fu = {} if request.preset is msgspec.UNSET else PRESETS[request.preset].values(players)["fu"]
    for hand, item in replayed_hands(source, players, request.rules.suukantsu_pao is True):
        if fu:
            _lay_fu(item, fu)
        converted: Any = msgspec.convert(item, riichi_game.TYPES.items[item.get("type")], strict=True)
        if item.get("type") is None:
            converted = msgspec.structs.replace(converted, yaku_options=request.yaku_options)
        items.append(converted)
        recorded.append({seat: hand.result.deltas[at] for at, seat in enumerate(seats)})
        record_hands.append(hand)
        yield
    try:
        answer = yield from riichi_game.steps(
            riichi_game.TYPES.request(rules=request.rules, game=request.game, hands=items, preset=request.preset)
        )
    except RuleViolation as exc:
        raise _repointed(exc, source) from None
    hands = []
    for index, (settled, hand) in enumerate(zip(answer.hands, record_hands, strict=True)):
        if settled.dealer != SEATS[hand.number % 4]:
            raise RuleViolation(
                field_problem(
                    source.locate(index, f"/record/log/{index}/0"),
                    DEALER_DIFFERS,
                    index=index,
                    player=hand.number % 4,
                    dealer=settled.dealer,
                )
            )
        paid = recorded[index]
        ours = _deltas(settled, seats)
        fields = {name: getattr(settled, name) for name in settled.__struct_fields__}
        hands.append(RecordHandResult(**fields, recorded_deltas=paid, matches=all(ours[seat] == paid[seat] for seat in seats)))
    fields = {name: getattr(answer, name) for name in answer.__struct_fields__}
    return RecordResult(**{**fields, "hands": hands}, mismatches=sum(not hand.matches for hand in hands))
