"""Rules every Catan variant shares: the state layout's base fields, phases,
static tables, cards and the bank, building and the distance rule, Longest Road,
production, the robber's primitives, scoring and the domestic-trade protocol."""
