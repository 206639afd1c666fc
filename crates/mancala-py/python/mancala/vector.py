"""The package's games as Gymnasium vector environments over ``mancala.Batch``: ``num_envs``
games stepped together in Rust.

Needs Gymnasium 1.1 or later (its ``AutoresetMode``).

``MancalaVectorEnv(name, num_envs, opponent="random", player=0, …)`` is what
``gymnasium.make_vec("mancala/<game>-v0", num_envs=…)`` makes once ``mancala.gymnasium`` is
imported. Each sub-environment is the single-agent game of ``mancala.gymnasium.make``: the
agent plays ``player`` and the opponent (``"random"``, ``"engine"``, an ``engine(…)`` or a
callable taking a copy of the game and returning an action id) answers before ``step``
returns; ``opponent="self"`` is self-play instead, the agent choosing for whichever player is
to move (``info["player"]``) and each reward the mover's.

Observations are float32 ``[num_envs, size]`` as the agent (self-play: the player to move)
sees the game; ``info["action_mask"]`` (int8 ``[num_envs, actions]``) marks the legal
actions, all zero in a row whose episode has just ended. Rewards are ``+1`` / ``-1`` / ``0``
when a game ends; ``max_moves`` (both sides' moves) truncates. An illegal action ends its
game as a loss (reward ``-1``, ``info["illegal_action"]`` set in that row), as in the single
environment. Actions are an integer array of ``num_envs`` entries.

``autoreset_mode`` is Gymnasium's: ``NEXT_STEP`` (default) returns the last observation of an
episode in its row, and the next ``step`` ignores that row's action and returns the new
game's start (reward 0, not ended); ``SAME_STEP`` returns the new game's start at once, the
last observation in ``info["final_obs"]`` and the ended episode's info in
``info["final_info"]`` (with their ``_final_obs`` and ``_final_info`` masks).
"""

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

import mancala
from mancala import gymnasium as _single

#: The action that leaves a game of a batch as it is for a step.
_STAY = -1


class MancalaVectorEnv(VectorEnv):
    """``num_envs`` games of one kind against an opponent, or in self-play, over a
    ``mancala.Batch`` (see the module's docs)."""

    def __init__(self, name, num_envs=1, opponent="random", player=0, max_moves=1000,
                 autoreset_mode=AutoresetMode.NEXT_STEP, threads=1, render_mode=None,
                 **options):
        num_envs = mancala._integer(num_envs, "num_envs", 1, 2**24)
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        if self.autoreset_mode == AutoresetMode.DISABLED:
            raise ValueError("autoreset_mode is NEXT_STEP or SAME_STEP: the games restart by themselves")
        if render_mode is not None:
            raise ValueError("a vector environment of the games has no render modes")
        self.selfplay = opponent == "self"
        self.player = None if self.selfplay else mancala._integer(player, "player", 0, 1)
        if self.selfplay:
            self._opponent = None
        elif opponent == "random":
            self._opponent = "random"
        elif opponent == "engine":
            self._opponent = _single.engine()
        elif callable(opponent):
            self._opponent = opponent
        else:
            raise TypeError(
                f"opponent must be 'random', 'engine', 'self' or a callable, not {opponent!r}"
            )
        self.name = name
        self._class = mancala.game_class(name)
        start = self._class(**options)
        self.batch = mancala.Batch(name, num_envs, max_moves=max_moves, threads=threads,
                                   final_view=self.player, **options)
        self.num_envs = num_envs
        self.max_moves = max_moves
        self.render_mode = None
        self.metadata = {"autoreset_mode": self.autoreset_mode, "render_modes": []}
        seeds = sum(start.board()) + sum(start.stores())
        self.single_observation_space = spaces.Box(
            0.0, float(max(seeds, 1)), (start.observation_tensor_size(),), np.float32
        )
        self.single_action_space = spaces.Discrete(start.num_distinct_actions())
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rows = np.arange(num_envs)
        self._observations = None
        self._masks = None
        # The rows whose episode ended at the last step (NEXT_STEP: to start at this one).
        self._restarting = np.zeros(num_envs, bool)

    # The opponent.

    def _opponent_actions(self, waiting):
        actions = np.full(self.num_envs, _STAY, np.int64)
        rows = np.flatnonzero(waiting)
        if self._opponent == "random":
            scores = self.np_random.random((len(rows), self._masks.shape[1])) * self._masks[rows]
            actions[rows] = scores.argmax(axis=1)
        else:
            texts = self.batch.to_strings()
            for row in rows:
                actions[row] = self._opponent(self._class.from_string(texts[row]))
        return actions

    def _answer(self, reward, terminated, truncated, finals):
        """Lets the opponent move until the agent is to move in every game, adding what ends
        to the step's results."""
        if self.selfplay:
            return
        while True:
            waiting = self.batch.players() != self.player
            if not waiting.any():
                return
            stepped = self.batch.step(self._opponent_actions(waiting), copy=False)
            self._take(stepped, reward, terminated, truncated, finals)

    def _take(self, stepped, reward, terminated, truncated, finals, movers=None):
        """Takes one batch step's arrays into the vector step's results: the rewards of the
        games that ended (for the agent, or in self-play for the mover) and their final
        observations."""
        self._observations, self._masks, rewards, ended_by_rules, cut = stepped
        ended = ended_by_rules | cut
        if not ended.any():
            return
        fresh = ended & ~(terminated | truncated)
        gains = rewards[:, self.player] if movers is None else rewards[self._rows, movers]
        reward[fresh] = gains[fresh]
        terminated |= ended_by_rules & fresh
        truncated |= cut & fresh
        finals[fresh] = self.batch.final_observations[fresh]

    # The Gymnasium API.

    def reset(self, *, seed=None, options=None):
        """Starts every game (or those of ``options["reset_mask"]``); ``seed`` seeds the
        games' generators and the random opponent's."""
        if seed is not None:
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)
        mask = None if options is None else options.get("reset_mask")
        if mask is None:
            mask = np.ones(self.num_envs, bool)
        mask = np.asarray(mask, bool)
        self._observations, self._masks = self.batch.reset(seed=seed, indices=mask, copy=False)
        self._restarting[mask] = False
        none = np.zeros(self.num_envs, bool)
        self._answer(np.zeros(self.num_envs), none.copy(), none.copy(),
                     np.zeros_like(self._observations))
        return self._observations.copy(), self._info()

    def step(self, actions):
        """Plays the agent's actions (and the opponent's answers) in every game."""
        if self._observations is None:
            raise RuntimeError("call reset() before step()")
        actions = np.asarray(actions)
        if actions.dtype.kind not in "iu":
            raise TypeError(f"actions are integers, not an array of dtype {actions.dtype}")
        if actions.shape != (self.num_envs,):
            raise ValueError(f"expected {self.num_envs} actions, one a game, got shape {actions.shape}")
        n = self.num_envs
        reward = np.zeros(n)
        terminated = np.zeros(n, bool)
        truncated = np.zeros(n, bool)
        finals = np.zeros_like(self._observations)
        in_range = (actions >= 0) & (actions < self._masks.shape[1])
        legal = in_range.copy()
        legal[in_range] = self._masks[self._rows[in_range], actions[in_range]]
        playing = ~self._restarting
        illegal = playing & ~legal
        ids = np.where(playing & legal, actions, _STAY).astype(np.int64)
        movers = self.batch.players() if self.selfplay else None
        if illegal.any():
            finals[illegal] = self._observations[illegal]
            reward[illegal] = -1.0
            terminated |= illegal
            self.batch.reset(indices=illegal, copy=False)
        stepped = self.batch.step(ids, copy=False)
        self._take(stepped, reward, terminated, truncated, finals, movers)
        self._answer(reward, terminated, truncated, finals)
        ended = terminated | truncated
        same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
        # Same-step, the row is the new episode's: the ended one's facts are in final_info.
        info = self._info(None if same_step else illegal)
        observations = self._observations.copy()
        if self.autoreset_mode == AutoresetMode.NEXT_STEP:
            observations[ended] = finals[ended]
            info["action_mask"][ended] = 0
            self._restarting = ended
        elif ended.any():
            final_obs = np.full(n, None, object)
            for row in np.flatnonzero(ended):
                final_obs[row] = finals[row]
            info["final_obs"], info["_final_obs"] = final_obs, ended.copy()
            final_mask = np.zeros_like(info["action_mask"])
            final_info = {"action_mask": final_mask, "_action_mask": ended.copy()}
            if illegal.any():
                final_info["illegal_action"] = illegal.copy()
                final_info["_illegal_action"] = illegal.copy()
            info["final_info"], info["_final_info"] = final_info, ended.copy()
        return observations, reward, terminated, truncated, info

    def _info(self, illegal=None):
        info = {
            "action_mask": self._masks.astype(np.int8),
            "_action_mask": np.ones(self.num_envs, bool),
        }
        if self.selfplay:
            info["player"] = self.batch.players()
            info["_player"] = np.ones(self.num_envs, bool)
        if illegal is not None and illegal.any():
            info["illegal_action"] = illegal.copy()
            info["_illegal_action"] = illegal.copy()
        return info

    def close_extras(self, **kwargs):
        self.batch.close()
