#include "solver/sat_count.hpp"

#include <algorithm>
#include <climits>
#include <limits>
#include <stdexcept>

#include <cadical.hpp>

namespace hidato::solver_detail {

// CaDiCaL's callbacks: the terminator polls the watch, the learner counts learnt clauses (one per
// conflict: the `nodes` of the SAT phase) and reports them to `progress`.
struct SatCount::Hooks : CaDiCaL::Terminator, CaDiCaL::Learner {
  explicit Hooks(Watch& w) : watch(w) {}
  bool terminate() override { return watch.expired(); }
  bool learning(int) override {
    ++learnt;
    if (progress && (learnt - solve_start) % progress_every == 0) progress(learnt - solve_start);
    return false;
  }
  void learn(int) override {}
  Watch& watch;
  std::uint64_t learnt = 0;
  std::uint64_t solve_start = 0;  // learnt when the running solve began
  std::function<void(std::uint64_t)> progress;
};

std::uint64_t SatCount::pairs(const Domains& domains) {
  std::uint64_t total = 0;
  for (int v = 1; v <= domains.n(); ++v) total += static_cast<std::uint64_t>(domains.count(v));
  return total;
}

// Plan: number the pairs value by value, then emit the per-value and per-cell exactly-one groups
// and the support clauses. The per-cell groups are gathered from the per-value lists in one pass.
// The watch is polled once per value in every loop, so a huge board stops within milliseconds.
SatCount::Candidates SatCount::candidates(const Domains& domains) {
  Candidates out(static_cast<std::size_t>(domains.n()) + 1);
  for (int v = 1; v <= domains.n(); ++v) {
    out[static_cast<std::size_t>(v)].reserve(static_cast<std::size_t>(domains.count(v)));
    domains.for_each_cell(v, [&](int p) { out[static_cast<std::size_t>(v)].push_back(p); });
  }
  return out;
}

SatCount::Links SatCount::links_for(const Layout& layout) {
  for (int p = 0; p < layout.positions(); ++p)
    if (layout.neighbours(p).size() > 4) return Links::none;
  return Links::degree;
}

SatCount::SatCount(const Puzzle& puzzle, const Layout& layout, const Candidates& candidates, Watch& watch,
                   Tuning tuning, Links links)
    : puzzle_(puzzle),
      layout_(layout),
      n_(static_cast<int>(candidates.size()) - 1),
      watch_(watch),
      tuning_(tuning),
      sat_(std::make_unique<CaDiCaL::Solver>()),
      hooks_(std::make_unique<Hooks>(watch)) {
  sat_->set("quiet", 1);
  // No clause arena on big instances: moving the clauses into a fresh arena at each garbage
  // collection briefly holds them twice, which set the peak memory (random 40x40 boards with 20%
  // clues, 42,000 pairs, 10 s: 92-93 MB without the arena against 94-105 MB with it). Small ones
  // keep it: the generator's removal oracle ran about 5% faster with it (square8 20x20 extreme).
  std::size_t pairs = 0;
  for (const auto& cells : candidates) pairs += cells.size();
  if (pairs > arena_max_pairs) sat_->set("arena", 0);
  if (links == Links::automatic) links = pairs <= links_max_pairs ? links_for(layout) : Links::none;
  if (tuning == Tuning::refutations) {
    sat_->configure("unsat");
    sat_->set("chrono", 0);        // no chronological backtracking: see Tuning (sat_count.hpp)
    sat_->set("inprocessing", 0);  // nor inprocessing: see Tuning
    if (links == Links::degree) {  // nor shrinking learnt clauses or bumping their reasons: see Tuning
      sat_->set("shrink", 0);
      sat_->set("bumpreason", 0);
    }
  } else {
    sat_->configure("sat");
    sat_->set("phase", 0);
  }

  const int n = n_;
  cells_.assign(static_cast<std::size_t>(n) + 1, {});
  std::vector<std::vector<int>> at_cell(static_cast<std::size_t>(layout.positions()));
  for (int v = 1; v <= n; ++v) {
    if (watch_.expired()) return;
    auto& list = cells_[static_cast<std::size_t>(v)];
    list.reserve(candidates[static_cast<std::size_t>(v)].size());
    for (int p : candidates[static_cast<std::size_t>(v)]) {
      list.emplace_back(p, next_var_);
      at_cell[static_cast<std::size_t>(p)].push_back(next_var_++);
    }
  }
  std::vector<int> lits;
  for (int v = 1; v <= n; ++v) {
    if (watch_.expired()) return;
    lits.clear();
    for (const auto& [p, x] : cells_[static_cast<std::size_t>(v)]) lits.push_back(x);
    exactly_one(lits);
  }
  for (CellId c = 0; c < layout.cells(); ++c) {
    if ((c & 63) == 0 && watch_.expired()) return;
    auto& group = at_cell[static_cast<std::size_t>(layout.pos_of(c))];
    exactly_one(group);
    std::vector<int>().swap(group);
  }
  encode_supports();
  if (links == Links::degree) encode_links();
  if (watch_.expired()) return;
  sat_->connect_terminator(hooks_.get());
  sat_->connect_learner(hooks_.get());
  encoded_ = true;
}

SatCount::~SatCount() {
  if (encoded_) {
    sat_->disconnect_terminator();
    sat_->disconnect_learner();
  }
}

std::uint64_t SatCount::conflicts() const { return hooks_->learnt; }

void SatCount::report_progress(std::function<void(std::uint64_t)> progress) { hooks_->progress = std::move(progress); }

// Every solve goes through here, so that the progress reports count its conflicts from its start.
int SatCount::solve() {
  hooks_->solve_start = hooks_->learnt;
  return sat_->solve();
}

int SatCount::var(int v, int pos) const {
  if (v < 1 || v > n_) return 0;
  const auto& list = cells_[static_cast<std::size_t>(v)];
  const auto it = std::lower_bound(list.begin(), list.end(), std::make_pair(pos, 0));
  return it != list.end() && it->first == pos ? it->second : 0;
}

void SatCount::clause(std::initializer_list<int> lits) {
  for (int l : lits) sat_->add(l);
  sat_->add(0);
}

void SatCount::exactly_one(const std::vector<int>& lits) {
  for (int l : lits) sat_->add(l);
  sat_->add(0);
  at_most_one(lits);
}

// Pairwise up to 5 literals; beyond, Sinz's sequential counter (s_i: "one of x_1..x_i is true").
void SatCount::at_most_one(const std::vector<int>& lits) {
  const std::size_t k = lits.size();
  if (k <= 5) {
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = i + 1; j < k; ++j) clause({-lits[i], -lits[j]});
    return;
  }
  int prev = next_var_++;
  clause({-lits[0], prev});
  for (std::size_t i = 1; i + 1 < k; ++i) {
    const int s = next_var_++;
    clause({-lits[i], s});
    clause({-prev, s});
    clause({-lits[i], -prev});
    prev = s;
  }
  clause({-lits[k - 1], -prev});
}

// x(v, p) needs v+1 and v-1 on neighbours of p (only neighbours still in their domains).
void SatCount::encode_supports() {
  const int n = n_;
  for (int v = 1; v <= n; ++v) {
    if (watch_.expired()) return;
    for (const auto& [p, x] : cells_[static_cast<std::size_t>(v)])
      for (int step : {-1, 1}) {
        const int u = v + step;
        if (u < 1 || u > n) continue;
        sat_->add(-x);
        for (int q : layout_.neighbours(p))
          if (const int y = var(u, q); y != 0) sat_->add(y);
        sat_->add(0);
      }
  }
}

namespace {

// The link variables, aligned with Layout::neighbours: the link of position p with its k-th
// neighbour is vars[layout.neighbour_offset(p) + k].
struct LinkTable {
  const Layout& layout;
  std::vector<int> vars;
  std::span<const int> of(int p) const {
    return std::span<const int>(vars).subspan(static_cast<std::size_t>(layout.neighbour_offset(p)),
                                              layout.neighbours(p).size());
  }
  // The link of p with its neighbour q.
  int between(int p, int q) const {
    const auto near = layout.neighbours(p);
    return of(p)[static_cast<std::size_t>(std::find(near.begin(), near.end(), q) - near.begin())];
  }
};

// Every cycle of at most `max_len` neighbouring positions, each once, added to `sat` as the
// clause "one of its links is absent" (the links of a solution form a path, which never closes).
// A cycle is found from its least position, going out through the lesser of that position's two
// cycle neighbours.
class CycleBans {
 public:
  CycleBans(CaDiCaL::Solver& sat, const Layout& layout, const LinkTable& links, std::size_t max_len)
      : sat_(sat), layout_(layout), links_(links), max_len_(max_len),
        home_(static_cast<std::size_t>(layout.positions()), unreached) {}
  // Bans the cycles whose least position is `start`.
  void from(int start) {
    measure_from(start);
    path_.assign(1, start);
    extend(start);
    for (int q : reached_) home_[static_cast<std::size_t>(q)] = unreached;
  }
  std::uint64_t banned() const { return banned_; }

 private:
  static constexpr std::size_t unreached = std::numeric_limits<std::size_t>::max();

  // home_: the steps from `start` to each position within half a cycle of it, through positions
  // above it only (where the cycles found from it run), so that a path that cannot get back in
  // time stops at once.
  void measure_from(int start) {
    reached_.assign(1, start);
    home_[static_cast<std::size_t>(start)] = 0;
    for (std::size_t i = 0; i < reached_.size(); ++i) {
      const int q = reached_[i];
      const std::size_t d = home_[static_cast<std::size_t>(q)];
      if (2 * (d + 1) > max_len_) continue;
      for (int w : layout_.neighbours(q))
        if (w > start && home_[static_cast<std::size_t>(w)] == unreached) {
          home_[static_cast<std::size_t>(w)] = d + 1;
          reached_.push_back(w);
        }
    }
  }
  void extend(int u) {
    const int start = path_.front();
    for (int w : layout_.neighbours(u)) {
      if (w == start && path_.size() >= 3 && path_[1] < u) ban(u);
      if (w <= start || home_[static_cast<std::size_t>(w)] == unreached ||
          path_.size() + home_[static_cast<std::size_t>(w)] > max_len_ ||
          std::find(path_.begin(), path_.end(), w) != path_.end())
        continue;
      path_.push_back(w);
      extend(w);
      path_.pop_back();
    }
  }
  // The cycle path_, closed from `last` back to its start.
  void ban(int last) {
    for (std::size_t i = 0; i + 1 < path_.size(); ++i) sat_.add(-links_.between(path_[i], path_[i + 1]));
    sat_.add(-links_.between(last, path_.front()));
    sat_.add(0);
    ++banned_;
  }

  CaDiCaL::Solver& sat_;
  const Layout& layout_;
  const LinkTable& links_;
  std::size_t max_len_;
  std::vector<std::size_t> home_;  // per position: steps from the start (unreached: too far)
  std::vector<int> reached_;       // the positions home_ holds a distance for
  std::vector<int> path_;
  std::uint64_t banned_ = 0;
};

// One fresh variable (from next_var on) per pair of neighbouring positions, shared by both ends.
LinkTable link_table(const Layout& layout, int& next_var) {
  LinkTable t{layout, std::vector<int>(static_cast<std::size_t>(layout.neighbour_slots()), 0)};
  for (int p = 0; p < layout.positions(); ++p) {
    const auto near = layout.neighbours(p);
    for (std::size_t k = 0; k < near.size(); ++k) {
      int& link = t.vars[static_cast<std::size_t>(layout.neighbour_offset(p)) + k];
      if (near[k] > p) {
        link = next_var++;
        continue;
      }
      link = t.between(near[k], p);  // made already, from the other end
    }
  }
  return t;
}

}  // namespace

// The link clauses (top of sat_count.hpp): the ties to the pairs, value by value, the bans of
// short cycles, then each cell's degree bounds.
void SatCount::encode_links() {
  const LinkTable links = link_table(layout_, next_var_);
  for (int v = 1; v <= n_; ++v) {
    if (watch_.expired()) return;
    for (const auto& [p, x] : cells_[static_cast<std::size_t>(v)]) {
      const auto near = layout_.neighbours(p);
      const auto own = links.of(p);
      for (std::size_t k = 0; k < near.size(); ++k) {
        const int up = var(v + 1, near[k]);
        const int down = var(v - 1, near[k]);
        if (up != 0) clause({-x, -up, own[k]});
        sat_->add(-own[k]);
        sat_->add(-x);
        if (up != 0) sat_->add(up);
        if (down != 0) sat_->add(down);
        sat_->add(0);
      }
    }
  }
  CycleBans cycles(*sat_, layout_, links, cycle_ban_length);
  for (int p = 0; p < layout_.positions(); ++p) {
    if ((p & 63) == 0 && watch_.expired()) return;
    cycles.from(p);
  }
  cycle_bans_ = cycles.banned();
  for (int p = 0; p < layout_.positions(); ++p) {
    const auto own = links.of(p);
    const int first = var(1, p);
    const int last = n_ > 1 ? var(n_, p) : 0;
    const std::size_t d = own.size();
    for (std::size_t a = 0; a < d; ++a)
      for (std::size_t b = a + 1; b < d; ++b) {
        for (std::size_t c = b + 1; c < d; ++c) clause({-own[a], -own[b], -own[c]});
        if (first != 0) clause({-first, -own[a], -own[b]});
        if (last != 0) clause({-last, -own[a], -own[b]});
      }
    if (n_ == 1) continue;
    for (std::size_t k = 0; k < d; ++k) {  // at least two links unless an end: one besides link k
      for (std::size_t j = 0; j < d; ++j)
        if (j != k) sat_->add(own[j]);
      if (first != 0) sat_->add(first);
      if (last != 0) sat_->add(last);
      sat_->add(0);
    }
  }
}

std::optional<Values> SatCount::solve_assuming(std::span<const std::pair<int, int>> fixed,
                                               std::pair<int, int> banned, const Puzzle& puzzle,
                                               std::uint64_t conflict_budget, bool* decided) {
  *decided = false;
  for (const auto& [v, p] : fixed) {
    const int x = var(v, p);
    if (x == 0) {  // a given outside the candidates: no solution keeps it
      *decided = true;
      return std::nullopt;
    }
    sat_->assume(x);
  }
  if (const int x = var(banned.first, banned.second); x != 0) sat_->assume(-x);
  if (conflict_budget < static_cast<std::uint64_t>(INT_MAX)) sat_->limit("conflicts", static_cast<int>(conflict_budget));
  const int res = solve();
  if (res == 20) *decided = true;
  if (res != 10) return std::nullopt;
  Values sol = decode();
  if (!is_valid_solution(puzzle, sol) || sol[static_cast<std::size_t>(layout_.cell_of(banned.second))] == banned.first)
    throw std::logic_error("solver: the SAT model is not a solution");
  *decided = true;
  return sol;
}

// Only the pairs: giving the counter variables the solution's side too made the search follow it
// so closely that square8 20x20 extreme strips spent more conflicts, not fewer (15 seeds: 181,000
// against 167,000 with the pairs alone and 213,000 without a hint).
void SatCount::prefer(const Values& solution) {
  if (solution.size() != static_cast<std::size_t>(n_)) return;
  for (int v = 1; v <= n_; ++v)
    for (const auto& [p, x] : cells_[static_cast<std::size_t>(v)])
      sat_->phase(solution[static_cast<std::size_t>(layout_.cell_of(p))] == v ? x : -x);
}

// The unit (not x) for every encoded pair x outside `within`; returns how many.
std::uint64_t SatCount::forbid_outside(const Candidates& within) {
  std::uint64_t outside = 0;
  for (int v = 1; v <= n_ && static_cast<std::size_t>(v) < within.size(); ++v) {
    const auto& keep = within[static_cast<std::size_t>(v)];
    auto k = keep.begin();
    for (const auto& [p, x] : cells_[static_cast<std::size_t>(v)]) {
      while (k != keep.end() && *k < p) ++k;
      if (k != keep.end() && *k == p) continue;
      clause({-x});
      ++outside;
    }
  }
  return outside;
}

Values SatCount::decode() {
  Values sol(static_cast<std::size_t>(n_), 0);
  for (int v = 1; v <= n_; ++v)
    for (const auto& [p, x] : cells_[static_cast<std::size_t>(v)])
      if (sat_->val(x) > 0) sol[static_cast<std::size_t>(layout_.cell_of(p))] = v;
  return sol;
}

// "Not this solution again": some unfixed value sits elsewhere. Fixed values (a single pair) are
// left out: they are units already. A solution using a pair the encoding lacks is no model anyway
// (and leaving its literal out would block more than it): no clause then.
void SatCount::block(const Values& solution) {
  std::vector<int> lits;
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int v = solution[static_cast<std::size_t>(c)];
    const int x = var(v, layout_.pos_of(c));
    if (x == 0) return;
    if (cells_[static_cast<std::size_t>(v)].size() > 1) lits.push_back(-x);
  }
  for (int l : lits) sat_->add(l);
  sat_->add(0);
}

// The ladder of the SAT phase: block what is known, solve under the conflict limit, decode and
// check a model, stop at the limit, otherwise block it and solve again.
bool SatCount::count(std::vector<Values>& found, int limit, std::uint64_t conflict_budget) {
  for (; blocked_ < found.size(); ++blocked_) block(found[blocked_]);
  const std::uint64_t start = conflicts();
  while (static_cast<int>(found.size()) < limit) {
    const std::uint64_t used = conflicts() - start;
    if (used >= conflict_budget) return false;
    const std::uint64_t left = conflict_budget - used;
    if (left < static_cast<std::uint64_t>(INT_MAX)) sat_->limit("conflicts", static_cast<int>(left));
    const int res = solve();
    if (res == 20) return true;
    if (res != 10) return false;
    Values sol = decode();
    // A model that is not a solution would be an encoding bug: an internal error, never a verdict.
    if (!is_valid_solution(puzzle_, sol) || std::find(found.begin(), found.end(), sol) != found.end())
      throw std::logic_error("solver: the SAT model is not a new solution");
    block(sol);
    found.push_back(std::move(sol));
    ++blocked_;
  }
  return true;
}

}  // namespace hidato::solver_detail
