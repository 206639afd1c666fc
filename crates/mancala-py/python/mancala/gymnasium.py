"""The package's games as single-agent Gymnasium environments, against a fixed opponent.

``make(name, opponent="random", **options)`` gives the environment of a game (``toguz`` or
``mancala_toguz``), with the game's rule options as keywords. The agent plays ``player``
(``0``, South, by default; ``1`` lets the opponent open); the opponent answers every move
before ``step`` returns. The opponent is ``"random"`` (a uniformly random legal move from the
environment's generator, so ``reset(seed=…)`` fixes it), ``"engine"`` (the package's search at
depth 4), ``engine(depth=…, nodes=…, time=…)`` for another strength, or any callable that takes
a copy of the game object and returns an action id.

The games are also registered with Gymnasium as ``mancala/toguz-v0``, ``mancala/oware-v0``, …,
so ``gymnasium.make("mancala/oware-v0", opponent="engine")`` works once this module is imported,
and ``gymnasium.make_vec("mancala/oware-v0", num_envs=…)`` makes ``mancala.vector``'s vector
environment over ``mancala.Batch``.

Observations are the game's ``observation_tensor`` as the agent sees it; ``info["action_mask"]``
(int8) marks the agent's legal actions, all zero once the episode has ended. The reward is
``+1`` / ``-1`` / ``0`` when the game ends; ``max_moves`` (default 1000, both sides' moves)
truncates a game still going. An action is an integer (a Python ``int``, a numpy integer, or a
numpy integer array of one element, read as that element): anything else (a float, a
``bool``, a string) is a ``TypeError``. An illegal action ends the game as a loss (reward
``-1``, ``info["illegal_action"]`` set), as PettingZoo's classic games do, unless
``illegal="raise"`` asks for the game's ``ValueError`` instead. ``step`` before the first
``reset``, or after any end of an episode (illegal action included), is a ``RuntimeError``.

``make`` gives the environment its registered ``spec`` (with the arguments it was made with),
so Gymnasium's ``check_env`` can make it again in each render mode.
"""

import dataclasses

import gymnasium
import numpy as np
from gymnasium import spaces

import mancala
from mancala import render as _render

#: The depth of the ``"engine"`` opponent.
ENGINE_DEPTH = mancala.ENGINE_DEPTH


def engine(depth=None, nodes=None, time=None, table_mb=1):
    """An opponent that plays the package's search (``game.search``) under these limits
    (default: depth ``ENGINE_DEPTH``), with a transposition table of ``table_mb`` MiB (small
    by default: the table is allocated for every move, and short searches fill little)."""
    if depth is None and nodes is None and time is None:
        depth = ENGINE_DEPTH
    limits = {k: v for k, v in (("depth", depth), ("nodes", nodes), ("time", time)) if v is not None}
    limits["table_mb"] = table_mb
    # The limits are checked now, not at the first move: a search under them of a game one
    # move long, which ends at once whatever the limits.
    mancala.Kalah(pits=1, seeds=1).search(**limits)

    def play(game):
        return game.search(**limits)["action"]

    play.limits = limits
    return play


def _register():
    """Registers ``mancala/<game>-v0`` (``mancala/toguz-v0``, …) with Gymnasium, so that
    ``gymnasium.make`` knows the games too."""
    for full in mancala.GAMES:
        short = full.removeprefix("mancala_")
        env_id = f"mancala/{short}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point=MancalaEnv,
                vector_entry_point="mancala.vector:MancalaVectorEnv",
                kwargs={"name": short},
            )


def _env_id(name):
    mancala.game_class(name)
    return f"mancala/{name.removeprefix('mancala_')}-v0"


def make(name, opponent="random", **kwargs):
    """The environment of the game ``name`` against ``opponent`` (see the module's docs), with
    its registered ``spec``."""
    env = MancalaEnv(name, opponent=opponent, **kwargs)
    registered = gymnasium.spec(_env_id(name))
    env.spec = dataclasses.replace(
        registered, kwargs={**registered.kwargs, "opponent": opponent, **kwargs}
    )
    return env


class MancalaEnv(gymnasium.Env):
    """One game against a fixed opponent."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 2}

    def __init__(self, name, opponent="random", player=0, max_moves=1000, render_mode=None,
                 illegal="lose", **options):
        self._class = mancala.game_class(name)
        self._options = options
        start = self._class(**options)
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(f"render_mode {render_mode!r} is not None, 'ansi' or 'rgb_array'")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal {illegal!r} is not 'lose' or 'raise'")
        self.player = mancala._integer(player, "player", 0, 1)
        self.max_moves = mancala._integer(max_moves, "max_moves", 1, 2**32 - 1)
        if opponent == "random":
            self._opponent = None
        elif opponent == "engine":
            self._opponent = engine()
        elif callable(opponent):
            self._opponent = opponent
        else:
            raise TypeError(f"opponent must be 'random', 'engine' or a callable, not {opponent!r}")
        self.opponent = opponent
        self.render_mode = render_mode
        self.illegal = illegal
        seeds = sum(start.board()) + sum(start.stores())
        self.observation_space = spaces.Box(
            0.0, float(max(seeds, 1)), (start.observation_tensor_size(),), np.float32
        )
        self.action_space = spaces.Discrete(start.num_distinct_actions())
        self.game = start
        self._moves = 0
        # No episode before the first reset; one that has ended takes no more steps.
        self._started = False
        self._done = True

    def _random_setup(self):
        return self._options.get("setup") == "random"

    def _info(self, illegal=False):
        mask = np.zeros(self.action_space.n, np.int8)
        if not self._done and self.game.current_player() == self.player:
            mask[self.game.legal_actions()] = 1
        info = {"action_mask": mask, "moves": self._moves}
        if illegal:
            info["illegal_action"] = True
        return info

    def _observation(self):
        return self.game.observation_tensor(self.player)

    def _over(self):
        return self.game.is_terminal() or self._moves >= self.max_moves

    def _opponent_moves(self):
        while not self._over() and self.game.current_player() != self.player:
            if self._opponent is None:
                legal = self.game.legal_actions()
                action = legal[int(self.np_random.integers(len(legal)))]
            else:
                action = self._opponent(self.game.clone())
            self.game.play(int(action))
            self._moves += 1

    def reset(self, seed=None, options=None):
        """A new game; the opponent opens when the agent plays ``1``. Random starts (Mangala
        IV, ``setup="random"``) and the random opponent draw from the environment's generator,
        which ``seed`` restarts and an unseeded reset continues."""
        super().reset(seed=seed)
        game_options = dict(self._options)
        if self._random_setup():
            game_options["setup_seed"] = int(self.np_random.integers(2**63))
        self.game = self._class(**game_options)
        self._moves = 0
        self._started = True
        self._opponent_moves()
        self._done = self._over()
        return self._observation(), self._info()

    def step(self, action):
        """Plays the agent's ``action`` and the opponent's answers."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        action = mancala._action(action)
        try:
            self.game.play(action)
        except ValueError:
            if self.illegal == "raise":
                raise
            self._done = True
            return self._observation(), -1.0, True, False, self._info(illegal=True)
        self._moves += 1
        self._opponent_moves()
        terminated = self.game.is_terminal()
        truncated = not terminated and self._moves >= self.max_moves
        self._done = terminated or truncated
        reward = float(self.game.returns()[self.player]) if terminated else 0.0
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self):
        """The board as text (``ansi``) or an RGB image (``rgb_array``), as ``render_mode``
        says; ``None`` and a warning without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode. "
                "Give render_mode='ansi' or 'rgb_array' when making the environment."
            )
            return None
        if self.render_mode == "ansi":
            return _render.text(self.game)
        return _render.rgb(self.game)


_register()
