// The manifest-driven commands: verify (re-prove), regenerate (re-run from seeds), merge (shards).
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/codec.hpp"
#include "core/errors.hpp"
#include "pipeline/book.hpp"
#include "pipeline/handoff.hpp"
#include "solver/solver.hpp"

namespace hidato {
namespace {

std::string who(const ManifestEntry& e) {
  return e.job.set_id + "[" + std::to_string(e.job.index) + "]";
}

// The plan: rebuild the puzzle and its solution from their descriptions alone (never from the
// seed), check the recorded clue count and the rules (read_record), then prove uniqueness with
// a fresh solver and compare its solution with the recorded one.
std::optional<std::string> verify_entry(const ManifestEntry& e, const std::atomic<bool>* cancel,
                                        std::optional<long long> deadline_ms) {
  // A broken record is a bad puzzle to report, not a reason to stop verifying the rest.
  const auto [puzzle, solution, problem] = read_record(e);
  if (problem) return problem;
  // Solutions in pairs (givens that read both ways): the recorded solution numbered backwards is
  // a second one, no search needed (a tampered manifest's blank 100x100 board: 139 s, 1.09 GB in an outside audit).
  if (solutions_come_in_pairs(puzzle))
    return "more than one solution (the recorded one numbered from its other end fits too)";
  SolveLimits limits;
  limits.max_nodes = e.job.budget.nodes_per_attempt * static_cast<std::uint64_t>(std::max(1, e.job.budget.max_attempts));
  limits.cancel = cancel;
  // A deadline too: the budget does not count the root propagation, and a tampered record (a
  // 100x100 board with one given) took a 218 s, 1.09 GB proof within it.
  if (const long long ms = deadline_ms.value_or(e.job.budget.deadline_ms); ms > 0)
    limits.deadline = Clock::now() + std::chrono::milliseconds(ms);
  limits.expect_unique = true;
  limits.engine = proof_engine(e.job.target);
  const SolveReport rep = count_solutions(puzzle, 2, limits);
  switch (rep.verdict) {
    case Verdict::unique:
      if (rep.solution != solution) return "the solver's solution differs from the recorded one";
      return std::nullopt;
    case Verdict::multiple: return "more than one solution";
    case Verdict::none: return "no solution";
    case Verdict::gave_up:
      return "the proof did not finish (" + std::string(to_string(rep.stats.stop)) + " after " +
             std::to_string(rep.stats.nodes) + " nodes)";
  }
  return std::nullopt;
}

bool selected(const ManifestEntry& e, const Selection& s) {
  return (!s.set || e.job.set_id == *s.set) && (!s.index || e.job.index == *s.index);
}

bool reproducible(const ManifestEntry& e) {
  return e.ok || !(e.reason.starts_with("deadline") || e.reason.starts_with("cancelled"));
}

std::string first_difference(const ManifestEntry& want, const ManifestEntry& got) {
  if (!got.ok && got.reason.starts_with("deadline") && !want.reason.starts_with("deadline"))
    return "not reproduced within its deadline this time (" + got.reason +
           "); wall-clock time is not reproducible: run it again on a quieter machine or with fewer threads";
  if (want.ok != got.ok) return want.ok ? "now fails: " + got.reason : "now succeeds";
  if (!want.ok) return "fails differently: " + got.reason;
  if (want.attempt != got.attempt) return "made by a different attempt";
  if (want.puzzle != got.puzzle) return "a different puzzle";
  if (want.solution != got.solution) return "a different solution";
  if (want.grade != got.grade) return "a different grade";
  return "different counters (clues or nodes)";
}

// A header with its set titles by name: each shard lists them in the order of the sets it holds
// puzzles of (in_set_order), so shards of one book differed there (two sets of one puzzle in
// two shards were refused as "other book settings").
ManifestHeader by_name(ManifestHeader h) {
  std::sort(h.book.set_titles.begin(), h.book.set_titles.end());
  return h;
}

// The file of the shard that holds the entry of job `ordinal`.
const std::string& shard_of(int ordinal, const std::vector<Manifest>& shards, const std::vector<std::string>& names) {
  for (std::size_t i = 0; i < shards.size(); ++i)
    for (const ManifestEntry& e : shards[i].entries)
      if (e.ordinal == ordinal) return names[i];
  return names.front();
}

// Every entry of a set has the set's spec, level and budget: shards built from one config at two
// paths (a mask recorded at each) or a shard edited by hand merged into a book whose set had two
// specs, and verify and regenerate passed it.
void check_one_spec_a_set(const std::vector<ManifestEntry>& entries, const std::vector<Manifest>& shards,
                          const std::vector<std::string>& names) {
  std::map<std::string, const ManifestEntry*> first;
  for (const ManifestEntry& e : entries) {
    const auto [it, fresh] = first.emplace(e.job.set_id, &e);
    if (fresh) continue;
    const PuzzleJob& a = it->second->job;
    const char* what = !(e.job.board == a.board) ? "board spec"
                       : e.job.target != a.target ? "difficulty"
                       : !(e.job.budget == a.budget) ? "budget"
                       : e.job.order_by_score != a.order_by_score ? "order" : nullptr;
    if (what)
      throw InputError(shard_of(e.ordinal, shards, names) + ": set '" + e.job.set_id + "' has another " + what +
                       " than in " + shard_of(it->second->ordinal, shards, names) + " (index " +
                       std::to_string(e.job.index) + " against " + std::to_string(a.index) +
                       "): shards of one book come from one config, in one place");
  }
}

// What makes two shards' headers differ, for merge's refusal (it said only "a different config,
// book or tool version", which left the operator to diff the files): a clause about `a` against
// `b`, the header of the shard called `b_name`.
std::string header_difference(const ManifestHeader& a, const ManifestHeader& b, const std::string& b_name) {
  if (a.tool != b.tool) return "made by '" + a.tool + "', another tool version than " + b_name;
  if (a.config_digest == b.config_digest && a.config_name != b.config_name)
    return "from config file '" + a.config_name + "', the same bytes as " + b_name + "'s '" + b.config_name +
           "' under another name: build every shard from one file";
  if (a.config_digest != b.config_digest || a.config_name != b.config_name)
    return "from config '" + a.config_name + "' of digest " + a.config_digest +
           " (every byte counts, comments too: build each shard from the same file), another config than " + b_name;
  if (a.jobs_total != b.jobs_total)
    return "a book of " + std::to_string(a.jobs_total) + " jobs, another book size than " + b_name;
  if (by_name(a).book.set_titles != by_name(b).book.set_titles) return "other set titles than " + b_name;
  return "other book settings (title, template, formats or seed) than " + b_name;
}

}  // namespace

Record read_record(const ManifestEntry& e) {
  Record r;
  const auto problem = [&](std::string why) {
    r.problem = std::move(why);
    return r;
  };
  try {
    r.puzzle = parse_description(e.puzzle, "puzzle");
    const Puzzle sol = parse_description(e.solution, "solution");
    if (!(sol.board == r.puzzle.board)) return problem("the solution is for a different board");
    r.solution = sol.givens;
  } catch (const InputError& err) {
    return problem(std::string("unreadable: ") + err.what());
  }
  const Topology t = r.puzzle.board.topology();
  if (t != e.job.board.topology)
    return problem("the puzzle is " + std::string(to_string(t)) + ", its spec says " +
                   std::string(to_string(e.job.board.topology)));
  if (const auto why = board_problem(e.job.board, r.puzzle)) return problem("not its spec's board: " + *why);
  if (count_givens(r.puzzle.givens) != e.clues) return problem("the clue count does not match the puzzle");
  if (!is_valid_solution(r.puzzle, r.solution)) return problem("the recorded solution breaks the rules");
  return r;
}

void check_records(const Manifest& m, const std::string& file) {
  for (std::size_t i = 0; i < m.entries.size(); ++i)
    if (const auto& e = m.entries[i]; e.ok)
      if (const auto why = read_record(e).problem)
        throw InputError(file + ": puzzles[" + std::to_string(i) + "] (" + who(e) + "): " + *why);
}

std::vector<std::string> verify_manifest(const Manifest& m, int threads,
                                         const std::atomic<bool>* cancel, std::optional<long long> deadline_ms) {
  const int n = static_cast<int>(m.entries.size());
  std::vector<std::optional<std::string>> bad(m.entries.size());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(threads > 0 ? threads : default_threads()));
  Handoff handoff;
  handoff.sync();
  tbb::parallel_for(0, n, [&](int i) {
    handoff.sync();
    const auto& e = m.entries[static_cast<std::size_t>(i)];
    std::optional<std::string> why = e.ok ? verify_entry(e, cancel, deadline_ms) : std::nullopt;
    handoff.sync();
    bad[static_cast<std::size_t>(i)] = std::move(why);
    handoff.sync();
  });
  handoff.sync();
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i)
    if (bad[static_cast<std::size_t>(i)]) out.push_back(who(m.entries[static_cast<std::size_t>(i)]) + ": " + *bad[static_cast<std::size_t>(i)]);
  return out;
}

std::vector<std::string> regenerate_manifest(const Manifest& m, const Selection& selection,
                                             int threads, const std::atomic<bool>* cancel,
                                             RegenerateCount& count) {
  std::vector<BookJob> jobs;
  std::map<int, const ManifestEntry*> recorded;
  std::set<std::string> built;  // sets whose spec was checked (every entry of a set has its spec)
  count = {};
  for (const auto& e : m.entries) {
    if (!selected(e, selection)) continue;
    if (!reproducible(e)) {
      ++count.skipped;
      continue;
    }
    // A made puzzle's spec that no longer builds (its mask file moved or deleted) is bad input
    // now, not a puzzle that differs (it was "differs: now fails: spec: ...", exit 2).
    if (e.ok && built.insert(e.job.set_id).second)
      if (const auto why = check_spec(e.job.board))
        throw InputError(who(e) + ": its spec cannot be built again: " + *why);
    jobs.push_back(BookJob{e.ordinal, e.job});
    recorded[e.ordinal] = &e;
    if (!e.ok) ++count.failed;
  }
  count.jobs = static_cast<int>(jobs.size());
  std::vector<std::string> out;
  run_jobs(jobs, RunOptions{threads, cancel}, [&](JobOutcome&& o) {
    const ManifestEntry got = entry_from_outcome(o);
    const ManifestEntry& want = *recorded.at(o.job.ordinal);
    if (!(got == want)) out.push_back(who(want) + ": " + first_difference(want, got));
  });
  return out;
}

Manifest merge_manifests(const std::vector<Manifest>& shards, const std::vector<std::string>& names) {
  if (shards.empty()) throw InputError("merge: no shard manifests given");
  const ManifestHeader& h0 = shards[0].header;
  if (!h0.shard) throw InputError(names[0] + ": not a shard manifest (built without --shard)");
  std::vector<int> seen(static_cast<std::size_t>(h0.shard->count), -1);
  std::size_t total = 0;
  for (std::size_t i = 0; i < shards.size(); ++i) {
    ManifestHeader h = shards[i].header;
    if (!h.shard) throw InputError(names[i] + ": not a shard manifest (built without --shard)");
    if (h.shard->count != h0.shard->count)
      throw InputError(names[i] + ": shard of " + std::to_string(h.shard->count) + ", expected " +
                       std::to_string(h0.shard->count));
    h.shard = h0.shard;
    if (!(by_name(h) == by_name(h0))) throw InputError(names[i] + ": " + header_difference(h, h0, names[0]));
    int& slot = seen[static_cast<std::size_t>(shards[i].header.shard->index)];
    if (slot >= 0) throw InputError(names[i] + ": shard " + std::to_string(shards[i].header.shard->index) + " given twice (also " + names[static_cast<std::size_t>(slot)] + ")");
    slot = static_cast<int>(i);
    total += shards[i].entries.size();
  }
  std::vector<std::string> missing;  // every one of them (only the first was named)
  for (std::size_t k = 0; k < seen.size(); ++k)
    if (seen[k] < 0) missing.push_back(std::to_string(k) + "/" + std::to_string(seen.size()));
  if (!missing.empty()) {
    std::string list;
    for (const std::string& k : missing) list += (list.empty() ? "" : ", ") + k;
    throw InputError("merge: shard" + std::string(missing.size() > 1 ? "s " : " ") + list +
                     (missing.size() > 1 ? " are" : " is") + " missing");
  }
  Manifest out;
  out.header = h0;
  out.header.shard.reset();
  out.entries.reserve(total);
  for (const auto& s : shards) out.entries.insert(out.entries.end(), s.entries.begin(), s.entries.end());
  std::sort(out.entries.begin(), out.entries.end(),
            [](const ManifestEntry& a, const ManifestEntry& b) { return a.ordinal < b.ordinal; });
  in_set_order(out.header.book.set_titles, out.entries);
  check_one_spec_a_set(out.entries, shards, names);
  for (std::size_t i = 0; i < out.entries.size(); ++i)
    if (out.entries[i].ordinal != static_cast<int>(i))
      throw InputError("merge: job " + std::to_string(i) + " is missing or repeated in the shards");
  if (static_cast<int>(out.entries.size()) != h0.jobs_total)
    throw InputError("merge: the shards hold " + std::to_string(out.entries.size()) + " of " +
                     std::to_string(h0.jobs_total) + " jobs");
  return out;
}

}  // namespace hidato
