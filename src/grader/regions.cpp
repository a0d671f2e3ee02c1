// Tier 4 of the grader: regions of free cells and the gaps they must hold.
#include <algorithm>
#include <cstdint>

#include "grader/techniques.hpp"

namespace hidato::grading {
namespace {

struct Regions {
  std::vector<int> of;    // cell -> region id, -1 for placed cells
  std::vector<int> size;  // region id -> number of free cells
};

Regions free_regions(const GradeState& s) {
  Regions r;
  r.of.assign(static_cast<std::size_t>(s.n()), -1);
  std::vector<CellId> queue;
  for (CellId start = 0; start < s.n(); ++start) {
    if (!s.is_free(start) || r.of[start] != -1) continue;
    const int id = static_cast<int>(r.size.size());
    queue.assign(1, start);
    r.of[start] = id;
    for (std::size_t head = 0; head < queue.size(); ++head)
      for (CellId nb : s.board().neighbours(queue[head]))
        if (s.is_free(nb) && r.of[nb] == -1) {
          r.of[nb] = id;
          queue.push_back(nb);
        }
    r.size.push_back(static_cast<int>(queue.size()));
  }
  return r;
}

// Regions a gap may lie in: big enough, touching the placed cells at both of its ends, and holding
// a candidate cell of every one of its numbers.
std::vector<int> possible_regions(const GradeState& s, const Regions& r, const Gap& g) {
  const auto regions = static_cast<int>(r.size.size());
  std::vector<char> ok(static_cast<std::size_t>(regions), 1);
  auto keep_only = [&](const std::vector<char>& mark) {
    for (int id = 0; id < regions; ++id) ok[id] = ok[id] && mark[id];
  };
  for (CellId end : {g.below, g.above}) {
    if (end == no_cell) continue;
    std::vector<char> touch(static_cast<std::size_t>(regions), 0);
    for (CellId nb : s.board().neighbours(end))
      if (s.is_free(nb)) touch[r.of[nb]] = 1;
    keep_only(touch);
  }
  for (int v = g.lo; v <= g.hi; ++v) {
    std::vector<char> holds(static_cast<std::size_t>(regions), 0);
    s.for_each_candidate(v, [&](CellId x) { holds[r.of[x]] = 1; });
    keep_only(holds);
  }
  std::vector<int> out;
  for (int id = 0; id < regions; ++id)
    if (ok[id] && r.size[id] >= g.length()) out.push_back(id);
  return out;
}

// Can some sub-multiset of `lengths` (skipping index `skip`) sum to exactly `target`?
bool reaches_sum(const std::vector<int>& lengths, std::size_t skip, int target) {
  if (target < 0) return false;
  std::vector<char> can(static_cast<std::size_t>(target) + 1, 0);
  can[0] = 1;
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    if (i == skip) continue;
    for (int t = target; t >= lengths[i]; --t)
      if (can[t - lengths[i]]) can[t] = 1;
  }
  return can[target] != 0;
}

// One round of the subset-sum argument for region `id`: gaps allowed only here are in it; each
// other allowed gap stays allowed only if the rest can fill what remains, and becomes forced here
// if the remainder cannot be filled without it. Returns true when some allowed set changed.
bool settle_region(int id, int region_size, const std::vector<Gap>& all, std::vector<std::vector<int>>& allowed) {
  int rest = region_size;
  std::vector<std::size_t> optional;
  std::vector<int> lengths;
  for (std::size_t g = 0; g < all.size(); ++g) {
    const auto& a = allowed[g];
    if (std::find(a.begin(), a.end(), id) == a.end()) continue;
    if (a.size() == 1) {
      rest -= all[g].length();
    } else {
      optional.push_back(g);
      lengths.push_back(all[g].length());
    }
  }
  if (rest < 0) return false;  // contradiction; left for search to report
  bool changed = false;
  for (std::size_t i = 0; i < optional.size(); ++i) {
    auto& a = allowed[optional[i]];
    if (!reaches_sum(lengths, i, rest - lengths[i])) {
      a.erase(std::find(a.begin(), a.end(), id));
      changed = true;
    } else if (!reaches_sum(lengths, i, rest)) {
      a.assign(1, id);
      changed = true;
    }
    if (changed) return true;  // the lists moved: recompute from scratch
  }
  return false;
}

}  // namespace

// Tier 4. Every gap of missing numbers is a path of free cells, so it lies inside one region of
// connected free cells, and every region is filled exactly by the gaps inside it. Find the regions
// each gap may use, settle them by subset sums until nothing changes, then cross off each number's
// candidates outside its gap's possible regions.
Deductions regions(const GradeState& s) {
  Deductions d;
  const Regions r = free_regions(s);
  if (r.size.size() < 2) return d;
  const std::vector<Gap> all = gaps(s);
  std::vector<std::vector<int>> allowed;
  allowed.reserve(all.size());
  for (const Gap& g : all) allowed.push_back(possible_regions(s, r, g));
  const auto regions = static_cast<int>(r.size.size());
  for (bool changed = true; changed;) {
    changed = false;
    for (int id = 0; id < regions; ++id)
      while (settle_region(id, r.size[id], all, allowed)) changed = true;
  }
  for (std::size_t g = 0; g < all.size(); ++g)
    for (int v = all[g].lo; v <= all[g].hi; ++v)
      s.for_each_candidate(v, [&](CellId x) {
        if (std::find(allowed[g].begin(), allowed[g].end(), r.of[x]) == allowed[g].end())
          d.remove.emplace_back(v, x);
      });
  return d;
}

}  // namespace hidato::grading
