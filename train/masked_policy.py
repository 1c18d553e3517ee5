"""A lighter masked categorical for sb3-contrib's MaskablePPO.

For every batch of logits sb3-contrib builds a torch ``Categorical``, then
masks the logits and builds it again: two normalizations and two rounds of
argument checks per forward pass, in rollouts and in every minibatch of the
update. :class:`FastMaskablePolicy` normalizes the masked logits once (one
log-softmax) and reads sampling (Gumbel-max, instead of ``torch.multinomial``),
log-probabilities, entropy and the mode from it. Masked actions get the same
logit as in sb3-contrib (``-1e8``), so the distribution is the same up to float
rounding.

The networks, their parameter names and the optimizer are
``MaskableActorCriticPolicy``'s: a checkpoint's weights, the actor exported
as ``.npz`` (:class:`agents.PolicyAgent`) and ``MaskablePPO.load`` work as
before. Use it as ``MaskablePPO(FastMaskablePolicy, env, ...)``; the trainer
(``train/train_ppo.py``) does.

:class:`SharedLayers` is a features extractor of dense layers that the actor
and the critic share. The first layer reads the whole observation (1,276
numbers in the base game) and is most of the arithmetic of a forward and a
backward pass; shared, it is computed once instead of twice. The trainer
offers it as ``--shared`` (not its default: it learned less, see
train/README.md).
"""

from __future__ import annotations

import torch as th
from gymnasium import spaces
from sb3_contrib.common.maskable.distributions import MaskableCategoricalDistribution
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

#: The logit of a masked action (sb3-contrib's value): its probability is 0.
MASKED_LOGIT = -1e8


class MaskedCategorical:
    """A categorical over ``logits`` (batch, actions), with an optional mask.

    Holds the log-probabilities of the masked logits, computed once; offers the
    part of ``torch.distributions.Categorical`` that MaskablePPO uses.
    """

    __slots__ = ("raw", "masks", "log_p")

    def __init__(self, logits: th.Tensor):
        self.raw = logits
        self.masks: th.Tensor | None = None
        self.log_p = th.log_softmax(logits, dim=-1)

    def apply_masking(self, masks) -> None:
        """Keep the actions where ``masks`` is True (``None``: no mask)."""
        if masks is None:
            self.masks = None
            self.log_p = th.log_softmax(self.raw, dim=-1)
            return
        m = th.as_tensor(masks, dtype=th.bool, device=self.raw.device).reshape(self.raw.shape)
        self.masks = m
        self.log_p = th.log_softmax(self.raw.masked_fill(~m, MASKED_LOGIT), dim=-1)

    @property
    def probs(self) -> th.Tensor:
        return self.log_p.exp()

    @property
    def logits(self) -> th.Tensor:
        return self.log_p

    def log_prob(self, actions: th.Tensor) -> th.Tensor:
        return self.log_p.gather(-1, actions.long().unsqueeze(-1)).squeeze(-1)

    def entropy(self) -> th.Tensor:
        p_log_p = self.log_p.exp() * self.log_p
        if self.masks is not None:
            # A masked action's tiny probability contributes nothing (as sb3-contrib).
            p_log_p = p_log_p.masked_fill(~self.masks, 0.0)
        return -p_log_p.sum(-1)

    def sample(self) -> th.Tensor:
        # Gumbel-max: the argmax of log-probabilities plus Gumbel noise is a
        # sample; cheaper than torch.multinomial for a batch of rows. A uniform
        # draw of 0 gives noise -inf, and a masked action (-1e8) never wins.
        u = th.rand_like(self.log_p)
        return th.argmax(self.log_p - th.log(-th.log(u)), dim=-1)


class FastMaskableCategoricalDistribution(MaskableCategoricalDistribution):
    """``MaskableCategoricalDistribution`` over a :class:`MaskedCategorical`."""

    def proba_distribution(self, action_logits: th.Tensor):
        self.distribution = MaskedCategorical(action_logits.view(-1, self.action_dim))
        return self

    def mode(self) -> th.Tensor:
        return th.argmax(self.distribution.log_p, dim=1)


class FastMaskablePolicy(MaskableActorCriticPolicy):
    """``MaskableActorCriticPolicy`` with :class:`FastMaskableCategoricalDistribution`
    (discrete action spaces; the layers are the parent's)."""

    def _build(self, lr_schedule) -> None:
        self.action_dist = FastMaskableCategoricalDistribution(int(self.action_space.n))
        super()._build(lr_schedule)


#: The trainer's activations by name (those :class:`agents.PolicyAgent` plays), for
#: its ``--activation`` option and :class:`SharedLayers`.
ACTIVATIONS = {"relu": nn.ReLU, "tanh": nn.Tanh}


class SharedLayers(BaseFeaturesExtractor):
    """Dense layers from the observation that the actor and the critic share.

    Use with ``share_features_extractor=True`` (SB3's default), as
    ``policy_kwargs={"features_extractor_class": SharedLayers,
    "features_extractor_kwargs": {"layers": [128], "activation": "relu"}}``.
    The parameters are ``features_extractor.net.{0,2,...}.{weight,bias}``;
    :func:`agents.policy_agent.actor_layers` reads them as the actor's first
    hidden layers, so the exported ``.npz`` actor is a plain MLP.

    Args:
        observation_space: a flat ``Box``.
        layers: the width of each shared layer (at least one).
        activation: ``"relu"`` or ``"tanh"``, as the layers after it.
    """

    def __init__(self, observation_space: spaces.Box, layers=(128,), activation: str = "relu"):
        layers = [int(w) for w in layers]
        if not layers or min(layers) < 1:
            raise ValueError(f"shared layers need at least one positive width, got {layers}")
        if activation not in ACTIVATIONS:
            raise ValueError(f"activation must be one of {sorted(ACTIVATIONS)}, got {activation!r}")
        super().__init__(observation_space, layers[-1])
        sizes = [int(observation_space.shape[0]), *layers]
        modules: list[nn.Module] = []
        for n_in, n_out in zip(sizes, sizes[1:], strict=False):
            modules += [nn.Linear(n_in, n_out), ACTIVATIONS[activation]()]
        self.net = nn.Sequential(*modules)

    def forward(self, observations: th.Tensor) -> th.Tensor:
        return self.net(observations.flatten(1))
