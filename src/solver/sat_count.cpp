#include "solver/sat_count.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>

#include <cadical.hpp>

namespace hidato::solver_detail {

// CaDiCaL's callbacks: the terminator polls the watch, the learner counts learnt clauses (one per
// conflict: the `nodes` of the SAT phase).
struct SatCount::Hooks : CaDiCaL::Terminator, CaDiCaL::Learner {
  explicit Hooks(Watch& w) : watch(w) {}
  bool terminate() override { return watch.expired(); }
  bool learning(int) override {
    ++learnt;
    return false;
  }
  void learn(int) override {}
  Watch& watch;
  std::uint64_t learnt = 0;
};

std::uint64_t SatCount::pairs(const Domains& domains) {
  std::uint64_t total = 0;
  for (int v = 1; v <= domains.n(); ++v) total += static_cast<std::uint64_t>(domains.count(v));
  return total;
}

// Plan: number the pairs value by value, then emit the per-value and per-cell exactly-one groups
// and the support clauses. The per-cell groups are gathered from the per-value lists in one pass.
// The watch is polled once per value in every loop, so a huge board stops within milliseconds.
SatCount::SatCount(const Puzzle& puzzle, const Layout& layout, const Domains& domains, Watch& watch)
    : puzzle_(puzzle),
      layout_(layout),
      domains_(domains),
      watch_(watch),
      sat_(std::make_unique<CaDiCaL::Solver>()),
      hooks_(std::make_unique<Hooks>(watch)) {
  sat_->set("quiet", 1);

  const int n = domains.n();
  cells_.assign(static_cast<std::size_t>(n) + 1, {});
  std::vector<std::vector<int>> at_cell(static_cast<std::size_t>(layout.positions()));
  for (int v = 1; v <= n; ++v) {
    if (watch_.expired()) return;
    auto& list = cells_[static_cast<std::size_t>(v)];
    list.reserve(static_cast<std::size_t>(domains.count(v)));
    for_each_bit(domains.cells_of(v), domains.words(), [&](int p) {
      list.emplace_back(p, next_var_);
      at_cell[static_cast<std::size_t>(p)].push_back(next_var_++);
    });
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
  encode_edges();
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

int SatCount::var(int v, int pos) const {
  if (v < 1 || v > domains_.n()) return 0;
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
  const int n = domains_.n();
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

// Successor literals e(p, q): "the path steps from p to q". Redundant (the x literals decide them)
// but value-free: a conflict about the shape of the path around a pocket is learnt once as a
// clause over edges instead of once per value that could reach the pocket.
//   x(v, p) & x(v+1, q) -> e(p, q);  e(p, q) & x(v, p) -> x(v+1, q);
//   at most one successor and one predecessor per cell, at least one unless the cell may hold N
//   (successor) or 1 (predecessor); never both e(p, q) and e(q, p).
void SatCount::encode_edges() {
  const int n = domains_.n();
  std::vector<int> base(static_cast<std::size_t>(layout_.positions()) + 1, 0);
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int p = layout_.pos_of(c);
    base[static_cast<std::size_t>(p)] = next_var_;
    next_var_ += static_cast<int>(layout_.neighbours(p).size());
  }
  auto edge = [&](int p, std::size_t k) { return base[static_cast<std::size_t>(p)] + static_cast<int>(k); };
  for (int v = 1; v <= n; ++v) {
    if (watch_.expired()) return;
    for (const auto& [p, x] : cells_[static_cast<std::size_t>(v)]) {
      const auto nb = layout_.neighbours(p);
      for (std::size_t k = 0; k < nb.size(); ++k) {
        const int y = var(v + 1, nb[k]);
        if (y != 0) clause({-x, -y, edge(p, k)});
        if (y != 0) clause({-edge(p, k), -x, y});
        else clause({-edge(p, k), -x});
      }
    }
  }
  std::vector<int> out, in;
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int p = layout_.pos_of(c);
    const auto nb = layout_.neighbours(p);
    out.clear();
    in.clear();
    for (std::size_t k = 0; k < nb.size(); ++k) {
      out.push_back(edge(p, k));
      const int q = nb[k];
      const auto nq = layout_.neighbours(q);
      const auto back = static_cast<std::size_t>(std::find(nq.begin(), nq.end(), p) - nq.begin());
      in.push_back(edge(q, back));
      if (p < q) clause({-edge(p, k), -edge(q, back)});
    }
    at_most_one(out);
    at_most_one(in);
    if (const int last = var(n, p); last != 0) sat_->add(last);
    for (int e : out) sat_->add(e);
    sat_->add(0);
    if (const int first = var(1, p); first != 0) sat_->add(first);
    for (int e : in) sat_->add(e);
    sat_->add(0);
  }
}

Values SatCount::decode() {
  Values sol(static_cast<std::size_t>(domains_.n()), 0);
  for (int v = 1; v <= domains_.n(); ++v)
    for (const auto& [p, x] : cells_[static_cast<std::size_t>(v)])
      if (sat_->val(x) > 0) sol[static_cast<std::size_t>(layout_.cell_of(p))] = v;
  return sol;
}

// "Not this solution again": some unfixed value sits elsewhere. Fixed values (a single pair) are
// left out: they are units already.
void SatCount::block(const Values& solution) {
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int v = solution[static_cast<std::size_t>(c)];
    if (domains_.count(v) > 1)
      if (const int x = var(v, layout_.pos_of(c)); x != 0) sat_->add(-x);
  }
  sat_->add(0);
}

// The ladder of the SAT phase: block what is known, solve under the conflict limit, decode and
// check a model, stop at the limit, otherwise block it and solve again.
bool SatCount::count(std::vector<Values>& found, int limit, std::uint64_t conflict_budget) {
  for (const Values& s : found) block(s);
  const std::uint64_t start = conflicts();
  while (static_cast<int>(found.size()) < limit) {
    const std::uint64_t used = conflicts() - start;
    if (used >= conflict_budget) return false;
    const std::uint64_t left = conflict_budget - used;
    if (left < static_cast<std::uint64_t>(INT_MAX)) sat_->limit("conflicts", static_cast<int>(left));
    const int res = sat_->solve();
    if (res == 20) return true;
    if (res != 10) return false;
    Values sol = decode();
    // A model that is not a solution would be an encoding bug: an internal error, never a verdict.
    if (!is_valid_solution(puzzle_, sol) || std::find(found.begin(), found.end(), sol) != found.end())
      throw std::logic_error("solver: the SAT model is not a new solution");
    block(sol);
    found.push_back(std::move(sol));
  }
  return true;
}

}  // namespace hidato::solver_detail
