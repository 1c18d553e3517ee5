"""MaskablePPO whose update runs beside the next rollout, on a second core.

sb3-contrib's MaskablePPO alternates: collect a rollout, then update on it, so
on a two-core machine one core waits while the other works. With an env that
costs almost nothing (:class:`catan_env.vector.LearnerVecEnv`) the update is
most of a step, and the rollout's forward passes most of the rest.
:class:`OverlappedMaskablePPO` updates on rollout *k* in a background thread
while rollout *k + 1* is collected; torch releases the GIL inside its kernels,
so the two run on two cores.

The price is a policy lag of one update: rollout *k + 1* is sampled by the
policy from before update *k*, and the update on it starts from the policy
after. PPO's probability ratio is taken against the log-probabilities recorded
at sampling time, so the clipped objective corrects for the lag as it does for
its own epochs (the asynchronous PPO of Sample Factory and APPO runs the same
way). At the end of ``learn`` the last rollout is trained on alone, so every
collected rollout is learned from, as in MaskablePPO.

Two policies are kept. ``policy`` is the one that acts (rollouts, ``predict``,
callbacks, evaluation and ``save`` read it); it changes only between
rollouts, when it takes the learner's weights and optimizer state, so a
callback never sees weights halfway through an update. The learner is a copy
that only the update thread touches. Saved files are plain MaskablePPO files:
``MaskablePPO.load`` and ``OverlappedMaskablePPO.load`` read each other's.

Runs are reproducible for a seed: the rollout thread alone draws from torch's
generator (action sampling) and the update thread alone from numpy's
(minibatch order), as long as callbacks draw from generators of their own.
"""

from __future__ import annotations

import copy
import threading

from sb3_contrib import MaskablePPO


class OverlappedMaskablePPO(MaskablePPO):
    """:class:`sb3_contrib.MaskablePPO` with the update on rollout *k* overlapping
    the collection of rollout *k + 1* (see the module docstring).

    Takes MaskablePPO's arguments. Use one torch thread per core
    (``torch.set_num_threads(1)`` on two cores): the rollout and the update each
    run on their own.
    """

    def _setup_model(self) -> None:
        super()._setup_model()
        # The learner, and the second buffer that a rollout fills while the
        # update reads the first.
        self._learner = copy.deepcopy(self.policy)
        self._spare_buffer = copy.deepcopy(self.rollout_buffer)

    def _excluded_save_params(self) -> list[str]:
        return [*super()._excluded_save_params(), "_learner", "_spare_buffer"]

    def _copy_policy(self, src, dst) -> None:
        dst.load_state_dict(src.state_dict())
        dst.optimizer.load_state_dict(src.optimizer.state_dict())

    def _start_update(self, buffer):
        """Train the learner on ``buffer`` in a thread; ``(thread, view, box)``."""
        # A shallow copy of the algorithm whose policy is the learner: train()
        # reads its settings and schedules from it and touches nothing else.
        view = copy.copy(self)
        view.policy = self._learner
        view.rollout_buffer = buffer
        box: dict = {}

        def run() -> None:
            try:
                view.train()
            except BaseException as exc:  # re-raised in the caller's thread
                box["error"] = exc

        thread = threading.Thread(target=run, name="ppo-update", daemon=True)
        thread.start()
        return thread, view, box

    def _finish_update(self, job) -> None:
        thread, view, box = job
        thread.join()
        if "error" in box:
            raise box["error"]
        self._n_updates = view._n_updates
        self._copy_policy(self._learner, self.policy)

    def learn(  # type: ignore[override]
        self,
        total_timesteps: int,
        callback=None,
        log_interval: int = 1,
        tb_log_name: str = "MaskablePPO",
        reset_num_timesteps: bool = True,
        use_masking: bool = True,
        progress_bar: bool = False,
    ):
        """As :meth:`sb3_contrib.MaskablePPO.learn`; the update on each rollout runs
        while the next is collected. A rollout that a callback stops is discarded;
        the update already under way finishes first."""
        total_timesteps, callback = self._setup_learn(
            total_timesteps, callback, reset_num_timesteps, tb_log_name, progress_bar
        )
        callback.on_training_start(locals(), globals())
        assert self.env is not None
        # The acting policy may have been loaded or set since the last call.
        self._copy_policy(self.policy, self._learner)
        buffers = (self.rollout_buffer, self._spare_buffer)
        ready = None  # a collected rollout not yet trained on
        iteration = 0
        while True:
            collect = self.num_timesteps < total_timesteps
            if ready is None and not collect:
                break
            job = self._start_update(ready) if ready is not None else None
            buffer = buffers[iteration % 2]
            try:
                ok = collect and self.collect_rollouts(
                    self.env, callback, buffer, self.n_steps, use_masking
                )
            finally:
                if job is not None:
                    self._finish_update(job)
            if not ok:
                break
            iteration += 1
            self._update_current_progress_remaining(self.num_timesteps, total_timesteps)
            if log_interval is not None and iteration % log_interval == 0:
                self.dump_logs(iteration)
            ready = buffer
        callback.on_training_end()
        return self
