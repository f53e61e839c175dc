"""Masked PPO for one kartaros game, in one file (in the manner of CleanRL's ``ppo.py``).

    python examples/train_ppo.py nesalomljiv --minutes 15 --out policy.npz

The learner plays the project's Gymnasium environment (``kartaros/<Name>-v0``: zero-sum ±1
reward at the end, an action mask at every step) against kartaros bots given as bot specs,
one per environment in turn (``--opponents greedy,random``). Illegal ids never reach the
environment: the policy's logits are masked before sampling.

Optional warm start (``--teacher greedy --imitate 0.3``): for the first share of the updates
the loss also pulls the policy towards the teacher bot's move in each position the learner
met (the teacher, like every bot, sees only the learner's observation). The pull fades to 0,
and PPO alone goes on from there.

The trained policy is written as a small numpy file (``--out``): the layers of the policy
network and what it was trained for. Every ``--eval-every`` updates the policy plays
``--eval-games`` games against each opponent (its most likely moves, seats alternating, the
same deals each time); the file keeps the snapshot that scored best against the first
opponent (``--keep last``: the policy at the end). Measure it afterwards on other deals
(``kartaros simulate`` with another seed). ``kartaros.bots.learned`` plays such a file with
numpy alone (``--bots learned:weights=policy.npz``); a game's shipped policy lives in its
folder.

Needs torch, which kartaros itself does not: ``pip install 'kartaros[rl,train]'``.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from pathlib import Path

import gymnasium
import numpy as np
import torch
from torch import nn

import kartaros
import kartaros.envs.gymnasium  # registers the ids
from kartaros.analysis.bots import make_bot
from kartaros.bots import Bot
from kartaros.bots.learned import FORMAT, policy_file_name
from kartaros.envs.gymnasium import SingleAgentEnv, env_id


@dataclass
class Args:
    game: str
    players: int
    opponents: list[str]
    teacher: str | None
    imitate: float
    minutes: float
    steps: int
    envs: int
    rollout: int
    hidden: int
    lr: float
    gamma: float
    gae_lambda: float
    clip: float
    entropy: float
    value_coef: float
    epochs: int
    minibatches: int
    eval_games: int
    eval_every: int
    seed: int
    keep: str
    out: Path


def parse_args(argv: list[str] | None = None) -> Args:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("game", choices=sorted(kartaros.GAMES), help="the game to learn")
    p.add_argument("--players", type=int, default=None, help="how many play (default: the fewest)")
    p.add_argument("--opponents", default="random,greedy",
                   help="bot specs, one per environment in turn (default: random,greedy)")
    p.add_argument("--teacher", default=None, help="a bot spec to imitate at first (e.g. greedy)")
    p.add_argument("--imitate", type=float, default=0.0,
                   help="share of the updates with the teacher's pull, fading to 0 (default: 0)")
    p.add_argument("--minutes", type=float, default=15.0, help="wall-clock budget (default: 15)")
    p.add_argument("--steps", type=int, default=10_000_000, help="at most this many learner steps")
    p.add_argument("--envs", type=int, default=16, help="environments played side by side (default: 16)")
    p.add_argument("--rollout", type=int, default=128, help="steps per environment per update (default: 128)")
    p.add_argument("--hidden", type=int, default=128, help="units in each of the two hidden layers")
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--gamma", type=float, default=0.995)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--entropy", type=float, default=0.01)
    p.add_argument("--value-coef", type=float, default=0.5)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--minibatches", type=int, default=4)
    p.add_argument("--eval-games", type=int, default=200, help="games against each opponent per evaluation")
    p.add_argument("--eval-every", type=int, default=50, help="updates between evaluations")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keep", choices=["best", "last"], default="best",
                   help="write the snapshot that scored best against the first opponent, or the last (default: best)")
    p.add_argument("--out", type=Path, default=None, help="the policy file (default: the file name the bot looks for)")
    a = p.parse_args(argv)
    info = kartaros.GAMES[a.game]
    players = info.default_players if a.players is None else a.players
    return Args(
        a.game, players, [s.strip() for s in a.opponents.split(",") if s.strip()], a.teacher, a.imitate,
        a.minutes, a.steps, a.envs, a.rollout, a.hidden, a.lr, a.gamma, a.gae_lambda, a.clip, a.entropy,
        a.value_coef, a.epochs, a.minibatches, a.eval_games, a.eval_every, a.seed, a.keep,
        a.out or Path(policy_file_name(players)),
    )


class Agent(nn.Module):
    """Two tanh layers shared by the policy's logits and the value (the layout the bot reads)."""

    def __init__(self, inputs: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(inputs, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)
        for layer in (*self.body[::2], self.policy, self.value):
            nn.init.orthogonal_(layer.weight, 0.01 if layer is self.policy else 1.0 if layer is self.value else 2**0.5)
            nn.init.zeros_(layer.bias)

    def logits(self, obs: torch.Tensor, legal: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits (illegal ids at -1e9) and the value of each observation."""
        h = self.body(obs)
        return self.policy(h).masked_fill(~legal, -1e9), self.value(h).squeeze(-1)


def make_env(args: Args, opponent: str) -> SingleAgentEnv:
    env = gymnasium.make(env_id(args.game), players=args.players, seat="random", opponents=opponent,
                         disable_env_checker=True)
    return env.unwrapped  # type: ignore[return-value]  # the kartaros env: its state for the teacher


def teacher_ids(env: SingleAgentEnv, teacher: Bot) -> int:
    """The teacher bot's move in the learner's position, as an id."""
    state = env.state
    assert state is not None
    return env.space.action_id(state, teacher.choose(state))


def evaluate(agent: Agent, args: Args, opponent: str, games: int, seed: int) -> float:
    """The learner's mean score (win 1, tie 0.5, loss 0) over ``games``, seats alternating, argmax moves."""
    env = make_env(args, opponent)
    total = 0.0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g, options={"seat": g % args.players})
        done, reward = False, 0.0
        while not done:
            with torch.no_grad():
                logits, _ = agent.logits(torch.as_tensor(obs["observation"])[None],
                                         torch.as_tensor(obs["action_mask"], dtype=torch.bool)[None])
            obs, reward, done, _, _ = env.step(int(logits.argmax()))
        total += (float(reward) + 1) / 2 if args.players == 2 else float(reward > 0)
    return total / games


def export(agent: Agent, args: Args, path: Path) -> None:
    """The policy network as numpy arrays (``kartaros.bots.learned`` reads this layout)."""
    linear = [agent.body[0], agent.body[2], agent.policy]
    arrays = {f"w{i}": layer.weight.detach().numpy().T.astype(np.float32) for i, layer in enumerate(linear)}
    arrays |= {f"b{i}": layer.bias.detach().numpy().astype(np.float32) for i, layer in enumerate(linear)}
    np.savez_compressed(path, format=np.array(FORMAT), game=np.array(args.game), players=np.array(args.players),
                        **arrays)


def train(args: Args) -> None:
    torch.set_num_threads(1)  # small batches: one thread is fastest, and leaves the machine's other cores free
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    envs = [make_env(args, args.opponents[i % len(args.opponents)]) for i in range(args.envs)]
    teacher = make_bot(args.teacher, seed=args.seed) if args.teacher else None
    size, actions = envs[0].encoder.size, envs[0].space.size
    agent = Agent(size, actions, args.hidden)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)

    n, t = args.envs, args.rollout
    obs_b = torch.zeros((t, n, size))
    legal_b = torch.zeros((t, n, actions), dtype=torch.bool)
    act_b = torch.zeros((t, n), dtype=torch.long)
    teach_b = torch.zeros((t, n), dtype=torch.long)
    logp_b, rew_b, done_b, val_b = (torch.zeros((t, n)) for _ in range(4))

    current = [env.reset(seed=args.seed * 1000 + i)[0] for i, env in enumerate(envs)]
    next_obs = torch.as_tensor(np.stack([o["observation"] for o in current]))
    next_legal = torch.as_tensor(np.stack([o["action_mask"] for o in current]), dtype=torch.bool)
    started, steps, update, episodes, wins, best = time.monotonic(), 0, 0, 0, 0.0, -1.0
    budget = args.minutes * 60
    planned = max(1, int(args.steps // (n * t)))
    while steps < args.steps and time.monotonic() - started < budget:
        update += 1
        # The share of the budget gone: what anneals the learning rate and the teacher's pull.
        progress = max((time.monotonic() - started) / budget, update / planned)
        for group in optimizer.param_groups:
            group["lr"] = args.lr * max(0.05, 1.0 - progress)
        pull = max(0.0, 1.0 - progress / args.imitate) if teacher is not None and args.imitate > 0 else 0.0
        for k in range(t):
            obs_b[k], legal_b[k] = next_obs, next_legal
            if pull > 0:
                teach_b[k] = torch.as_tensor([teacher_ids(env, teacher) for env in envs])  # type: ignore[arg-type]
            with torch.no_grad():
                logits, value = agent.logits(next_obs, next_legal)
            dist = torch.distributions.Categorical(logits=logits)
            action = dist.sample()
            act_b[k], logp_b[k], val_b[k] = action, dist.log_prob(action), value
            rewards, dones = [], []
            for i, env in enumerate(envs):
                o, r, term, trunc, _ = env.step(int(action[i]))
                if term or trunc:
                    episodes += 1
                    wins += (r + 1) / 2
                    o, _ = env.reset()
                rewards.append(r)
                dones.append(float(term or trunc))
                current[i] = o
            rew_b[k], done_b[k] = torch.as_tensor(rewards), torch.as_tensor(dones)
            next_obs = torch.as_tensor(np.stack([o["observation"] for o in current]))
            next_legal = torch.as_tensor(np.stack([o["action_mask"] for o in current]), dtype=torch.bool)
        steps += n * t

        # Generalized advantage estimation; an episode's end cuts the bootstrap.
        with torch.no_grad():
            _, next_value = agent.logits(next_obs, next_legal)
        adv = torch.zeros((t, n))
        last = torch.zeros(n)
        for k in reversed(range(t)):
            following = next_value if k == t - 1 else val_b[k + 1]
            keep = 1.0 - done_b[k]
            delta = rew_b[k] + args.gamma * following * keep - val_b[k]
            last = delta + args.gamma * args.gae_lambda * keep * last
            adv[k] = last
        ret = adv + val_b

        flat = [x.reshape(t * n, *x.shape[2:]) for x in (obs_b, legal_b, act_b, logp_b, adv, ret, teach_b)]
        b_obs, b_legal, b_act, b_logp, b_adv, b_ret, b_teach = flat
        batch = t * n
        size_mb = batch // args.minibatches
        for _ in range(args.epochs):
            order = torch.randperm(batch)
            for s in range(0, batch, size_mb):
                mb = order[s:s + size_mb]
                logits, value = agent.logits(b_obs[mb], b_legal[mb])
                dist = torch.distributions.Categorical(logits=logits)
                logp = dist.log_prob(b_act[mb])
                ratio = (logp - b_logp[mb]).exp()
                a = b_adv[mb]
                a = (a - a.mean()) / (a.std() + 1e-8)
                policy_loss = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip, 1 + args.clip)).mean()
                value_loss = 0.5 * ((value - b_ret[mb]) ** 2).mean()
                loss = policy_loss + args.value_coef * value_loss - args.entropy * dist.entropy().mean()
                if pull > 0:
                    loss = loss + pull * nn.functional.cross_entropy(logits, b_teach[mb])
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                optimizer.step()

        if update % 10 == 0:
            rate = wins / episodes if episodes else float("nan")
            print(f"update {update} steps {steps} {time.monotonic() - started:.0f}s "
                  f"score {rate:.3f} over {episodes} games, pull {pull:.2f}", flush=True)
            episodes, wins = 0, 0.0
        if args.eval_every and update % args.eval_every == 0:
            best = checkpoint(agent, args, best, f"update {update}")

    best = checkpoint(agent, args, best, "final")
    print(f"done: {steps} steps in {time.monotonic() - started:.0f}s; wrote {args.out}", flush=True)


def checkpoint(agent: Agent, args: Args, best: float, when: str) -> float:
    """Evaluate against each opponent; write the policy if it beats the best score so far
    against the first one (the same evaluation games each time). Returns the best score."""
    scores = {o: evaluate(agent, args, o, args.eval_games, 10**6) for o in dict.fromkeys(args.opponents)}
    score = scores[args.opponents[0]]
    kept = score > best or (args.keep == "last" and when == "final")
    if kept:
        export(agent, args, args.out)
    print(f"evaluation ({when}) " + ", ".join(f"{o} {s:.3f}" for o, s in scores.items())
          + ("; written" if kept else ""), flush=True)
    return max(score, best)


if __name__ == "__main__":
    train(parse_args())
