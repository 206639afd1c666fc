"""The package's games as PettingZoo AEC environments, with action masks.

``env(name, **options)`` gives the environment of a game (the names are OpenSpiel's:
``mancala_toguz``, or just ``toguz``), with the game's rule options as keywords. Agents are
``player_0`` (South, first to move) and ``player_1``. An observation is a dict: ``observation``
is the game's ``observation_tensor`` as that agent sees it, ``action_mask`` an int8 array with
``1`` for each legal action (all ``0`` when it is not that agent's turn). The reward is ``+1``
/ ``-1`` / ``0`` at the end. ``max_moves`` (default 1000) truncates a game that is still going.
An action is an integer (a numpy integer array of one element is read as that element); any
other type is a ``TypeError``. An illegal action ends the game as PettingZoo's classic
environments end it: every agent terminated, ``-1`` to the agent that played it, ``0`` to the
other, and ``infos[agent]["illegal_action"]`` set.
``render_mode`` is ``"ansi"`` (``render()`` returns the board as text), ``"rgb_array"`` (an RGB
image as a numpy array), ``"human"`` (the text printed after every move) or ``None``
(``render()`` warns and returns ``None``, as Gymnasium's environments do).
"""

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import mancala
from mancala import render as _render

AGENTS = ["player_0", "player_1"]


def env(name, render_mode=None, max_moves=1000, **options):
    """The AEC environment of the game ``name``, wrapped so that calls out of order fail."""
    return wrappers.OrderEnforcingWrapper(
        raw_env(name, render_mode=render_mode, max_moves=max_moves, **options)
    )


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    """The unwrapped AEC environment of one game."""

    def __init__(self, name, render_mode=None, max_moves=1000, **options):
        super().__init__()
        self._class = mancala.game_class(name)
        self._options = options
        start = self._class(**options)
        if render_mode not in (None, "human", "ansi", "rgb_array"):
            raise ValueError(
                f"render_mode {render_mode!r} is not None, 'human', 'ansi' or 'rgb_array'"
            )
        max_moves = mancala._integer(max_moves, "max_moves", 1, 2**32 - 1)
        self.render_mode = render_mode
        self.max_moves = max_moves
        full = name if name.startswith("mancala_") else "mancala_" + name
        self.metadata = {"render_modes": ["human", "ansi", "rgb_array"], "name": full, "is_parallelizable": False}
        self.possible_agents = AGENTS[:]
        actions = start.num_distinct_actions()
        seeds = sum(start.board()) + sum(start.stores())
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, float(max(seeds, 1)), (start.observation_tensor_size(),), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(actions)
        self.observation_spaces = dict.fromkeys(AGENTS, self._observation_space)
        self.action_spaces = dict.fromkeys(AGENTS, self._action_space)
        self._game = start
        self._rng = None
        self._illegal_end = False

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def reset(self, seed=None, options=None):
        """Starts a new game. A game with random starts (Mangala IV, ``setup="random"``) draws
        its start from the environment's generator: ``seed`` restarts it, an unseeded reset
        continues it (the first one seeds it from the operating system). The other games start
        the same way whatever the seed."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        game_options = dict(self._options)
        if game_options.get("setup") == "random":
            game_options["setup_seed"] = int(self._rng.integers(2**63))
        self._game = self._class(**game_options)
        self._moves = 0
        self._illegal_end = False
        self.agents = AGENTS[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = AGENTS[self._game.current_player()]

    def observe(self, agent):
        player = AGENTS.index(agent)
        mask = np.zeros(self._action_space.n, np.int8)
        if agent == self.agent_selection and not self._game.is_terminal() and not self._illegal_end:
            mask[self._game.legal_actions()] = 1
        return {"observation": self._game.observation_tensor(player), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        mover = AGENTS.index(agent)
        action = mancala._action(action)
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        try:
            self._game.apply_action(action)
        except ValueError:
            self._illegal(agent)
            return
        self._moves += 1
        if self._game.is_terminal():
            returns = self._game.returns()
            for index, name in enumerate(AGENTS):
                self.rewards[name] = returns[index]
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = AGENTS[1 - mover]
        else:
            if self._moves >= self.max_moves:
                self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = AGENTS[self._game.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent):
        """Ends the game with ``agent``, who played an illegal action, losing."""
        self.rewards[agent] = -1
        self.infos[agent]["illegal_action"] = True
        self.terminations = dict.fromkeys(self.agents, True)
        self._illegal_end = True
        self._accumulate_rewards()
        self.agent_selection = AGENTS[1 - AGENTS.index(agent)]

    def render(self):
        """The board as text (``ansi``), printed (``human``), or an RGB array
        (``rgb_array``); without a render mode, a warning and ``None``."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode. "
                "Give render_mode='ansi', 'rgb_array' or 'human' when making the environment."
            )
            return None
        if self.render_mode == "rgb_array":
            return _render.rgb(self._game)
        text = _render.text(self._game)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self):
        pass
