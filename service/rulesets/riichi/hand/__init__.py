"""What a riichi hand is worth: the yaku list as data
(:mod:`.value_table`), the han counted from declared yaku (:mod:`.counting`,
after the checks of what cannot be declared, :mod:`.yaku_checks`),
fu from the hand's structure (:mod:`.fu`), the limits (:mod:`.limits`), and
hands from tiles (:mod:`.tiles`, their dora in :mod:`.dora`, with the `mahjong` library's side in
:mod:`.library`; `POST /v1/riichi/hands` in :mod:`.hands`), and the
quick-reference score table of what each han and fu pays
(:mod:`.quick_reference`)."""
