"""`POST /v1/<ruleset>/games`: one implementation for every ruleset that
declares a game (its `game` module), routes built from the registry.

The body's `hands` are decoded one by one (a win unless the item says
`type`), so each problem points at its hand (`#/hands/3/win/discarder`)."""

# no `from __future__ import annotations`: litestar reads the handlers'
# annotations, which name types built per ruleset at run time

from collections.abc import Callable
from importlib import import_module
from typing import Annotated, Any

import msgspec
from litestar import Controller, Response, post
from litestar.openapi.spec import Example
from litestar.params import Body

from service.api.codec import RequestInvalid, StrictBody, decode_part, decode_strict, json_response, pointer_from_msgspec, schema_problem
from service.api.problems import GameHandBoundExceeded, problem_responses
from service.api.work import DECODE_WORK, GAME_HAND_HUNDREDTHS, WorkSteps, check_budget, drive, item_weight
from service.core.game_types import MAX_HANDS, HandKind, hand_type
from service.core.ruleset import Ruleset
from service.rulesets.registry import RULESETS


def _field_type(struct: Any, name: str) -> Any:
    return next(field.type for field in msgspec.structs.fields(struct) if field.name == name)


def games_controller(ruleset: Ruleset) -> type[Controller]:
    types = ruleset.game_types
    assert ruleset.game is not None and types is not None
    steps: Callable[[Any], WorkSteps] = import_module(f"{ruleset.package}.game").steps
    examples = [Example(summary=example.summary, value=example.value) for example in ruleset.game_examples]

    class GameBody(StrictBody):
        """Decodes the envelope; the hands stay raw until the handler."""

        def decode_bytes(self, value: bytes) -> Any:
            return decode_strict(value, types.wire)

    def read_hands(raws: list[Any]) -> WorkSteps:
        """Each hand decoded on its own (a win unless it says `type`), its
        problems pointed at it, yielding after each; the hands and their
        weight (service.api.work)."""
        hands = []
        cost = 0
        for index, raw in enumerate(raws):
            at = f"/hands/{index}"
            kind = decode_part(bytes(raw), HandKind, at).type
            try:
                item_type = hand_type(types, kind)
            except ValueError:
                raise RequestInvalid(schema_problem(f"{at}/type", types.bad_type)) from None
            hands.append(decode_part(bytes(raw), item_type, at))
            cost += item_weight(hands[-1], ruleset.name) + GAME_HAND_HUNDREDTHS
            yield DECODE_WORK
        return hands, cost

    class GamesController(Controller):
        path = f"/v1/{ruleset.name}"
        tags = ["Games"]

        @post(
            "/games",
            dto=GameBody,
            return_dto=None,
            status_code=200,
            summary=f"A whole {ruleset.name_en} game: the derived state after each hand, totals, standings",
            responses=problem_responses(),
            operation_id=f"V1{ruleset.name.capitalize()}GamesPlay",
        )
        async def play_game(self, data: Annotated[types.request, Body(examples=examples)]) -> Response[types.answer]:  # type: ignore[name-defined]
            """Stateless: send the hands so far, get what a score-keeper
            derives — each hand settled exactly as the settlement endpoint
            settles it with the derived dealer (riichi: honba and sticks;
            Taiwan: the dealer streak), the running totals, the next hand's
            state, and when the game is over its standings and the fewest
            transfers that settle the table. At most 256 hands (more is a
            `game-hand-bound` 413 that says how to split the game),
            and at most 300 units of work, one unit being a plain Hong Kong
            settlement: a hand weighs 0.5 plus 2 from its tiles in Hong Kong,
            4.5 in riichi, 0.8 in MCR, 2.5 in Taiwan, 0.5 from declared
            patterns or yaku, or 0.3 (more is 413 naming the bound). A hand that contradicts the
            derived state is a 422 naming it (`#/hands/<i>/…`)."""
            if len(data.hands) > MAX_HANDS:
                raise GameHandBoundExceeded(MAX_HANDS, len(data.hands))
            rules = decode_part(bytes(data.rules), ruleset.rules, "/rules")
            game = decode_part(bytes(data.game), _field_type(types.request, "game"), "/game")
            hands, cost = await drive(read_hands(data.hands))
            check_budget(cost)
            try:
                # the event loop is given back between hands (service.api.work)
                top = {name: getattr(data, name) for name in types.top}
                answer = await drive(steps(types.request(rules=rules, game=game, hands=hands, **top)))
            except msgspec.ValidationError as exc:
                # a win's object-level rule (one of `fan`, `patterns`, `tiles`),
                # checked as its settlement body is built: a 400 at the hand,
                # exactly as the settlement endpoint words it
                raise RequestInvalid(pointer_from_msgspec(str(exc))) from None
            return json_response(answer)

    GamesController.__name__ = GamesController.__qualname__ = f"{ruleset.name.capitalize()}GamesController"
    return GamesController


def games_controllers() -> list[type[Controller]]:
    return [games_controller(ruleset) for ruleset in RULESETS if ruleset.game is not None]
