"""What every Catan variant shares.

Rules: the state layout's base fields, phases, static tables, cards and the
bank, building and the distance rule, Longest Road, production, the robber's
primitives, scoring and the domestic-trade protocol. Python layers the
variants build on: the options all variants share (:mod:`.options`), the
snapshot envelope and the standard island's snapshot (:mod:`.snapshot`), its
text board and picture (:mod:`.render`, :mod:`.render_image`), chance labels
(:mod:`.chance`) and the resource-hand part of determinization
(:mod:`.determinize`)."""
