"""Settlements for clients that route by body: one tagged item
(`POST /v1/settlements`) or up to 1,000 of them (`POST /v1/settlements/batch`).

An item is any ruleset's settlement body plus `"ruleset": "<name>"`. In a
batch every item is decoded and settled on its own: a bad item gets its own
problem object (pointers under `#/items/<i>/…`) and never fails the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, TypeAlias, Union, cast

import msgspec
from litestar import Controller, Request, Response, post
from litestar.openapi.spec import Example
from litestar.params import Body

from service.api.codec import (
    JSON,
    RequestInvalid,
    StrictBody,
    StrictDecoder,
    decode_strict,
    pointer_from_msgspec,
)
from service.api.language import localize
from service.api.metrics import Tally
from service.api.problems import (
    BatchItemBoundExceeded,
    Problem,
    invalid_problem,
    problem_responses,
    violation_problem,
)
from service.api.responses import settlement_response
from service.api.work import DECODE_WORK, WorkSteps, check_budget, drive, item_weight
from service.core.codec import ENCODER, json_decoder
from service.core.errors import RuleViolation
from service.core.game import finish
from service.core.settlement import Settlement
from service.i18n import DEFAULT, LANGUAGE, Language
from service.rulesets.registry import RULESETS
from service.settings import Settings

MAX_BATCH_ITEMS = 1000
"""The schema's bound; MAHJONG_BATCH_MAX_ITEMS can only lower it."""


def _item_type(ruleset: Any) -> type:
    base = ruleset.request
    return msgspec.defstruct(
        base.__name__.removesuffix("Request") + "Item",
        [],
        bases=(base,),
        tag_field="ruleset",
        tag=ruleset.name,
        forbid_unknown_fields=True,
        kw_only=True,
        module=__name__,
    )


ITEM_TYPES = tuple(_item_type(ruleset) for ruleset in RULESETS)
SETTLE = {item: ruleset.settle for item, ruleset in zip(ITEM_TYPES, RULESETS, strict=True)}
SETTLE_IN_CONTEXT = {item: getattr(settle, "__wrapped__", settle) for item, settle in SETTLE.items()}
"""The engines without their @exact wrapper: the entry (service.api.asgi)
installed the exact decimal context for the whole request, so a batch does
not check it again around every item."""
if TYPE_CHECKING:
    # the unions are built at run time from the registry (for decoding and
    # the schema); to the checker they are what every member is
    SettlementItem: TypeAlias = msgspec.Struct
    AnySettlement: TypeAlias = Settlement
else:
    SettlementItem = Union[ITEM_TYPES]  # noqa: UP007 - a union built at run time from the registry
    """Any ruleset's settlement request, tagged by `ruleset`."""
    AnySettlement = Union[tuple(ruleset.result for ruleset in RULESETS)]  # noqa: UP007 - built at run time
    """Any ruleset's settlement response (each has `ruleset`)."""


class BatchRequest(msgspec.Struct, forbid_unknown_fields=True):
    """Up to 1,000 tagged settlement items (fewer if the operator set
    MAHJONG_BATCH_MAX_ITEMS)."""

    items: Annotated[
        list[dict[str, Any]],
        msgspec.Meta(
            min_length=1,
            max_length=MAX_BATCH_ITEMS,
            description=(
                'Settlement items: each is any ruleset\'s settlement body plus `"ruleset"` — the '
                "`SettlementItem` schema of `POST /v1/settlements`. Each item is validated on its own "
                "against that closed schema, so a bad item gets its own problem in `results` and never "
                "fails the batch; the envelope therefore leaves items open. More items than the limit "
                "(1,000, or fewer if the operator set MAHJONG_BATCH_MAX_ITEMS) is a 413 naming the limit."
            ),
        ),
    ]


class _BatchWire(msgspec.Struct, forbid_unknown_fields=True):
    """What is decoded first: the items stay raw, so each is decoded alone.
    Their number is checked by the handler, against the one limit (413); the
    body limit bounds how many can arrive."""

    items: list[msgspec.Raw]


class BatchEntry(msgspec.Struct, omit_defaults=True):
    """One entry per item, in order: `status` 200 with `result`, or 400/422
    with `problem` for that item alone."""

    status: Annotated[int, msgspec.Meta(description="200, or the status the item alone would have got (400, 422).")]
    result: AnySettlement | None = None
    problem: Problem | None = None


class BatchResponse(msgspec.Struct):
    results: list[BatchEntry]
    settled: Annotated[int, msgspec.Meta(description="Items settled (status 200).")]
    failed: Annotated[int, msgspec.Meta(description="Items answered with a problem.")]


class _BatchBody(StrictBody):
    """Decodes the envelope only; items are decoded one by one in the handler."""

    def decode_bytes(self, value: bytes) -> Any:
        return decode_strict(value, _BatchWire)


ITEMS = [(ruleset, ruleset.batch_example) for ruleset in RULESETS if ruleset.batch_example is not None]
"""Each ruleset's documented batch item (``Ruleset.batch_example``), in registry order."""
ITEM_EXAMPLE = {"ruleset": ITEMS[0][0].name, **ITEMS[0][1].value}
BATCH_EXAMPLES = [
    Example(
        summary="Three rulesets in one batch, one item impossible",
        value={"items": [{"ruleset": ruleset.name, **example.value} for ruleset, example in ITEMS]},
    )
]


_DECODE_ITEM = json_decoder(SettlementItem).decode
"""A valid item, the usual case, is decoded by msgspec alone."""
_STRICT_ITEM = StrictDecoder(SettlementItem)
"""An item msgspec refused is read again strictly: it accepts 5.0 for an
integer, and words the problem (as the entry does for a whole body)."""


def decode_item(raw: msgspec.Raw) -> Any:
    """One item, decoded (raises RequestInvalid, a 400 for that item)."""
    try:
        return _DECODE_ITEM(raw)
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return _STRICT_ITEM.decode(raw)


def settle_item(raw: msgspec.Raw) -> Settlement:
    """One item's settlement, under the exact decimal context (the entry's);
    raises RequestInvalid (400) or RuleViolation (422)."""
    item = decode_item(raw)
    return SETTLE_IN_CONTEXT[type(item)](item)  # type: ignore[no-any-return]


_SETTLED_ENTRY = (b'{"status":200,"result":', b',{"status":200,"result":')
"""The start of a settled item's entry: the first, then every later one
(after a comma)."""

RULESET_OF = {item: ruleset.name for item, ruleset in zip(ITEM_TYPES, RULESETS, strict=True)}


def settle_items(items: list[msgspec.Raw], instance: str, language: Language) -> bytes:
    """The batch's answer (:func:`settle_steps` run to the end)."""
    answer: bytes = finish(settle_steps(items, instance, language))
    return answer


DECODED_PER_STEP = 100
"""Items decoded between two steps: a hundred, a step of ten units of decoding."""

FAILED_WEIGHT = 1
"""An item that does not decode weighs nothing in the budget; as a step, a
hundredth of a unit (its problem is encoded)."""


def settle_steps(items: list[msgspec.Raw], instance: str, language: Language) -> WorkSteps:
    """The batch's answer: exactly ``BatchResponse``'s encoding, built as
    the items are settled, yielding each item's weight once it is settled
    (service.api.work gives the loop back by the work done). Every
    item is decoded first, a hundred items a step (a step for each item cost
    the item more than its decoding), and the batch's work
    weighed: over the budget is a 413 before anything is settled. Each entry is encoded as soon as its
    item is settled and then let go (1,000 live results would crowd the
    caches and the young GC generations); a settled entry is
    ``BatchEntry(status=200, result=...)``'s encoding without building it.
    The entries' bytes are joined once at the end: appended to one growing
    buffer, each would move the whole answer so far. Settlements and
    warnings are counted once, at the end."""
    decoded: list[Any] = []
    weights: list[int] = []
    for index, raw in enumerate(items, 1):
        try:
            item = decode_item(raw)
        except RequestInvalid as exc:
            decoded.append(exc)
            weights.append(FAILED_WEIGHT)
        else:
            decoded.append(item)
            weights.append(item_weight(item, RULESET_OF[type(item)]))
        if not index % DECODED_PER_STEP:
            yield DECODE_WORK * DECODED_PER_STEP
    check_budget(sum(weights))
    parts = [b'{"results":[']
    tally = Tally()
    settled_kind = tally.kinds.append
    settled = 0
    for index, item in enumerate(decoded):
        try:
            if isinstance(item, RequestInvalid):
                raise item
            result = SETTLE_IN_CONTEXT[type(item)](item)
        except (RequestInvalid, RuleViolation) as exc:
            if index:
                parts.append(b",")
            parts.append(ENCODER.encode(localize(failed_entry(exc, index, instance), language)))
            yield weights[index]
            continue
        settled += 1
        settled_kind(type(result))
        if result.warnings:
            tally.add_warnings(result)
        parts += (_SETTLED_ENTRY[index != 0], ENCODER.encode(result if language == DEFAULT else localize(result, language)), b"}")
        yield weights[index]
    tally.record()
    parts.append(b'],"settled":%d,"failed":%d}' % (settled, len(items) - settled))
    return b"".join(parts)


def failed_entry(exc: RequestInvalid | RuleViolation, index: int, instance: str) -> BatchEntry:
    """The entry of an item that could not be settled: its own problem, with
    pointers under ``/items/<index>``."""
    if isinstance(exc, RequestInvalid):
        return BatchEntry(status=400, problem=invalid_problem(exc, instance, f"/items/{index}"))
    return BatchEntry(status=422, problem=violation_problem(exc, instance, f"/items/{index}"))


def settlements_controller(settings: Settings) -> type[Controller]:
    limit = min(settings.batch_max_items, MAX_BATCH_ITEMS)

    class SettlementsController(Controller):
        path = "/v1/settlements"
        tags = ["Settlements by body"]

        @post(
            "/",
            dto=StrictBody,
            return_dto=None,
            status_code=200,
            sync_to_thread=False,
            summary="Settle one hand of any ruleset, routed by its `ruleset` field",
            responses=problem_responses(),
        )
        def settle_one(
            self, data: Annotated[SettlementItem, Body(examples=[Example(summary=ITEMS[0][1].summary, value=ITEM_EXAMPLE)])]
        ) -> Response[AnySettlement]:
            """The body is that ruleset's settlement body plus `"ruleset"`;
            the answer is that ruleset's settlement."""
            return settlement_response(SETTLE[type(data)](data))

        @post(
            "/batch",
            dto=_BatchBody,
            return_dto=None,
            status_code=200,
            request_max_body_size=settings.batch_max_body_bytes,
            summary=f"Settle up to {limit} hands of any rulesets in one request",
            responses=problem_responses(),
        )
        async def settle_batch(
            self, request: Request[Any, Any, Any], data: Annotated[BatchRequest, Body(examples=BATCH_EXAMPLES)]
        ) -> Response[BatchResponse]:
            """One entry per item, in order. An item that is invalid (400) or
            impossible (422) gets its own problem object with pointers under
            `#/items/<i>/`; the other items are settled. More items than the
            limit (1,000, or the operator's lower MAHJONG_BATCH_MAX_ITEMS) is a
            413 of type `batch-item-bound` naming the limit and the batches to
            split it into, and a `work-bound` 413 is a batch whose work passes the
            bound of 300 units, one unit being a plain Hong Kong settlement:
            an item valued from its tiles weighs 2 units in Hong Kong, 4.5 in
            riichi, 0.8 in MCR, 2.5 in Taiwan; from declared patterns or
            yaku 0.5; any other 0.3. So 1,000 plain items fit, and 66 riichi
            hands from tiles at most (docs/api.md, Limits). An empty list is
            400, for the whole request."""
            items = cast(list[msgspec.Raw], data.items)  # the DTO decodes _BatchWire: raw items
            if len(items) > limit:
                raise BatchItemBoundExceeded(limit, len(items))
            if not items:
                raise RequestInvalid(pointer_from_msgspec("Expected `array` of length >= 1 - at `$.items`"))
            for index, raw in enumerate(items):
                if memoryview(raw)[0] != 0x7B:  # "{": msgspec.Raw keeps the item's exact bytes
                    raise RequestInvalid(pointer_from_msgspec(f"Expected `object` - at `$.items[{index}]`"))
            # the event loop is given back between items (service.api.work)
            body: bytes = await drive(settle_steps(items, request.url.path, LANGUAGE.get()))
            return Response(body, media_type=JSON)  # type: ignore[arg-type]  # BatchResponse's exact encoding

    return SettlementsController
