// Manifest <-> JSON. Written by hand around nlohmann::ordered_json pieces so that key order and
// layout are fixed (one line per puzzle) and the bytes depend only on the values.
#include "pipeline/manifest.hpp"

#include "core/atomic_file.hpp"


#include <algorithm>
#include <cerrno>
#include <cstring>

#include <limits>
#include <nlohmann/json.hpp>
#include <set>

#include "core/book_folder.hpp"
#include "core/codec.hpp"
#include "core/errors.hpp"
#include "core/json_text.hpp"
#include "core/rng.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"
#include "core/text_file.hpp"
#include "generator/base_board.hpp"
#include "version.hpp"

namespace hidato {
namespace {

using Json = nlohmann::ordered_json;

std::string hex16(std::uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[static_cast<std::size_t>(i)] = digits[v & 15];
  return s;
}

// A JSON object read with every key's path in hand, so a message names the key at fault:
// "puzzles[3].spec.rows: expected a whole number from 1 to 65536, got 4294967302". Whole numbers
// are range-checked before conversion (never wrapped), floats and strings are not numbers.
class Fields {
 public:
  Fields(const Json& j, std::string path) : j_(j), path_(std::move(path)) {
    if (!j_.is_object()) fail("", "expected an object");
  }
  [[noreturn]] void fail(const std::string& key, const std::string& msg) const {
    const std::string at = key_path(key);
    throw InputError(at.empty() ? msg : at + ": " + msg);  // the whole manifest: its file names it
  }
  std::string key_path(const std::string& key) const {
    return path_.empty() ? key : key.empty() ? path_ : path_ + "." + key;
  }
  bool has(const char* key) const { return j_.contains(key); }
  // Refuses a key outside `known`: a hand-edited manifest's misspelt key (`"svg_per_puzle"`) was
  // read as absent, its default taken in silence.
  void only(std::initializer_list<const char*> known) const {
    for (const auto& [key, value] : j_.items()) {
      if (std::any_of(known.begin(), known.end(), [&](const char* k) { return key == k; })) continue;
      std::string list;
      for (const char* k : known) list += std::string(list.empty() ? "" : ", ") + k;
      fail(printable(key, 80), "unknown key (expected " + list + ")");
    }
  }
  const Json& at(const char* key) const {
    if (!j_.contains(key)) fail(key, "missing");
    return j_.at(key);
  }
  Fields object(const char* key) const { return Fields(at(key), key_path(key)); }
  std::string text(const char* key) const {
    if (!at(key).is_string()) fail(key, "expected a string");
    return at(key).get<std::string>();
  }
  bool flag(const char* key) const {
    if (!at(key).is_boolean()) fail(key, "expected true or false");
    return at(key).get<bool>();
  }
  long long whole(const char* key, long long lo, long long hi) const {
    const Json& v = at(key);
    const bool fits = v.is_number_integer() && !(v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi));
    if (!fits || v.get<long long>() < lo || v.get<long long>() > hi)
      fail(key, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " + v.dump());
    return v.get<long long>();
  }
  std::uint64_t count(const char* key) const {
    const Json& v = at(key);
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<long long>() >= 0))
      fail(key, "expected a whole number from 0 to 18446744073709551615, got " + v.dump());
    return v.get<std::uint64_t>();
  }
  double real(const char* key, double lo, double hi) const {
    const Json& v = at(key);
    if (!v.is_number() || !(v.get<double>() >= lo && v.get<double>() <= hi))
      fail(key, "expected a number from " + Json(lo).dump() + " to " + Json(hi).dump() + ", got " + v.dump());
    return v.get<double>();
  }
  int small(const char* key, long long lo, long long hi) const { return static_cast<int>(whole(key, lo, hi)); }

 private:
  const Json& j_;
  std::string path_;
};

constexpr long long int_max = std::numeric_limits<int>::max();

// The parse callback that refuses a key given twice in one object (nlohmann keeps the last one
// silently, so `"status":"failed","status":"ok"` would read as ok): InputError naming the key's
// path, like Fields. Tracks the path as the parser walks: the key last read in each open object,
// the index of the element being read in each open array.
class NoRepeatedKeys {
 public:
  bool operator()(int, nlohmann::json::parse_event_t event, Json& parsed) {
    using E = nlohmann::json::parse_event_t;
    switch (event) {
      case E::object_start: enter(true); break;
      case E::array_start: enter(false); break;
      case E::object_end:
      case E::array_end: open_.pop_back(); break;
      case E::key: note_key(parsed.get<std::string>()); break;
      case E::value: next_element(); break;
    }
    return true;
  }

 private:
  struct Open {
    bool object = true;
    std::set<std::string> keys;
    std::string key;  // object: the key being read
    long index = -1;  // array: the element being read
  };
  void next_element() {
    if (!open_.empty() && !open_.back().object) ++open_.back().index;
  }
  void enter(bool object) {
    next_element();
    // A manifest nests five deep; a file of ten million '[' would hold gigabytes of tree.
    if (open_.size() >= max_depth) throw InputError(path() + ": nested deeper than " + std::to_string(max_depth) + " levels");
    open_.push_back(Open{object, {}, {}, -1});
  }
  std::string path() const {
    std::string p;
    for (const Open& a : open_)
      p += a.object ? (p.empty() ? "" : ".") + a.key : "[" + std::to_string(a.index) + "]";
    return p.empty() ? "top level" : p;
  }
  void note_key(const std::string& key) {
    Open& o = open_.back();
    o.key = key;
    if (o.keys.insert(key).second) return;
    throw InputError(path() + ": given twice in one object (a JSON reader would keep only one of them)");
  }
  static constexpr std::size_t max_depth = 32;
  std::vector<Open> open_;
};

std::uint64_t parse_hex16(const Fields& f, const char* key) {
  const std::string s = f.text(key);
  if (s.size() != 16 || s.find_first_not_of("0123456789abcdef") != std::string::npos)
    f.fail(key, "expected 16 hex digits, got '" + printable(s) + "'");
  return std::stoull(s, nullptr, 16);
}

Json book_json(const BookMeta& b) {
  Json formats = Json::array();
  if (b.pdf) formats.push_back("pdf");
  if (b.svg) formats.push_back("svg");
  if (b.cover) formats.push_back("cover");
  Json titles = Json::object();
  for (const auto& [name, title] : b.set_titles) titles[name] = title;
  return Json{{"title", b.title},           {"subtitle", b.subtitle},
              {"author", b.author},         {"date", b.date},
              {"creation_epoch", b.creation_epoch}, {"template", b.page_template},
              {"formats", formats},         {"how_to_play", b.how_to_play},
              {"answer_path", b.answer_path}, {"svg_per_puzzle", b.svg_per_puzzle},
              {"copyright", b.copyright},   {"isbn", b.isbn},
              {"edition", b.edition},       {"paper", b.paper},
              {"set_titles", titles}};
}

// A manifest is a file anyone may edit: what the pages print is checked as a config's is (an ISBN
// with a wrong check digit went onto the copyright page; a NUL in the title cut it short).
std::string printed(const Fields& f, const char* key) {
  std::string text = f.text(key);
  if (const auto why = printed_text_problem(text)) f.fail(key, *why);
  return text;
}

BookMeta book_from(const Fields& f, std::uint64_t seed) {
  BookMeta b;
  b.seed = seed;
  b.title = printed(f, "title");
  b.subtitle = printed(f, "subtitle");
  b.author = printed(f, "author");
  b.date = f.text("date");
  if (const auto why = date_problem(b.date)) f.fail("date", *why);
  b.creation_epoch = f.whole("creation_epoch", 0, max_creation_epoch);
  b.page_template = f.text("template");
  b.pdf = b.svg = false;
  if (!f.at("formats").is_array()) f.fail("formats", "expected a list");
  for (const auto& v : f.at("formats")) {
    const std::string s = v.is_string() ? v.get<std::string>() : v.dump();
    if (s == "pdf") b.pdf = true;
    else if (s == "svg") b.svg = true;
    else if (s == "cover") b.cover = true;
    else f.fail("formats", "unknown format '" + printable(s) + "' (expected pdf, svg or cover)");
  }
  b.how_to_play = f.flag("how_to_play");
  b.answer_path = f.flag("answer_path");
  // Book keys added later: absent in older manifests.
  b.svg_per_puzzle = f.has("svg_per_puzzle") && f.flag("svg_per_puzzle");
  b.copyright = f.has("copyright") ? printed(f, "copyright") : std::string();
  b.isbn = f.has("isbn") ? f.text("isbn") : std::string();
  if (const auto why = isbn_problem(b.isbn)) f.fail("isbn", *why);
  b.edition = f.has("edition") ? printed(f, "edition") : std::string();
  b.paper = f.has("paper") ? f.text("paper") : std::string("white");
  if (const auto why = paper_problem(b.paper)) f.fail("paper", *why);
  if (f.has("set_titles")) {
    const Json& titles = f.at("set_titles");
    if (!titles.is_object()) f.fail("set_titles", "expected an object");
    for (const auto& [name, title] : titles.items()) {
      if (!title.is_string()) f.fail("set_titles." + name, "expected a string");
      if (const auto why = printed_text_problem(title.get<std::string>())) f.fail("set_titles." + name, *why);
      b.set_titles.emplace_back(name, title.get<std::string>());
    }
  }
  f.only({"title", "subtitle", "author", "date", "creation_epoch", "template", "formats", "how_to_play", "answer_path",
          "svg_per_puzzle", "copyright", "isbn", "edition", "paper", "set_titles"});
  return b;
}

Json spec_json(const PuzzleJob& job) {
  const BoardSpec& s = job.board;
  Json j{{"topology", std::string(to_string(s.topology))}, {"shape", s.shape}};
  if (!s.mask_file.empty()) j["mask"] = s.mask_file;
  j["rows"] = s.rows;
  j["cols"] = s.cols;
  j["obstacles"] = s.obstacles;
  j["hide_ends"] = s.hide_ends;
  if (s.shape == "grown") j["fill"] = s.fill;
  if (s.sparse) j["sparse"] = true;  // absent before generator 10, and false
  j["difficulty"] = std::string(to_string(job.target));
  j["budget"] = Json{{"nodes", job.budget.nodes_per_attempt},
                     {"attempts", job.budget.max_attempts},
                     {"deadline_ms", job.budget.deadline_ms}};
  if (job.order_by_score) j["order"] = "score";
  return j;
}

void spec_from(const Fields& f, PuzzleJob& job) {
  BoardSpec& s = job.board;
  const auto topo = parse_topology(f.text("topology"));
  if (!topo) f.fail("topology", "unknown topology '" + printable(f.text("topology")) + "'");
  const auto level = parse_difficulty(f.text("difficulty"));
  if (!level) f.fail("difficulty", "unknown difficulty '" + printable(f.text("difficulty")) + "'");
  s.topology = *topo;
  job.target = *level;
  s.shape = f.text("shape");
  const auto shapes = shape_names();
  if (std::find(shapes.begin(), shapes.end(), s.shape) == shapes.end())
    f.fail("shape", "unknown shape '" + printable(s.shape) + "'");
  if (f.has("mask") != (s.shape == "mask"))
    f.fail(s.shape == "mask" ? "shape" : "mask", "a mask file goes with shape 'mask' and only with it");
  s.mask_file = f.has("mask") ? f.text("mask") : "";
  // As a config may give them (a mask's board ignores them): the generator makes no other.
  s.rows = f.small("rows", 2, max_side);
  s.cols = f.small("cols", 2, max_side);
  const double obstacles = f.real("obstacles", 0.0, 0.5);
  if (obstacles >= 0.5) f.fail("obstacles", "expected a number from 0 to below 0.5, got " + f.at("obstacles").dump());
  s.obstacles = obstacles;
  s.hide_ends = f.flag("hide_ends");
  if (f.has("fill")) s.fill = f.real("fill", 0.2, 1.0);
  s.sparse = f.has("sparse") && f.flag("sparse");
  const Fields b = f.object("budget");
  job.budget.nodes_per_attempt = b.count("nodes");
  job.budget.max_attempts = b.small("attempts", 1, int_max);
  job.budget.deadline_ms = b.small("deadline_ms", 0, max_deadline_ms);
  b.only({"nodes", "attempts", "deadline_ms"});
  if (f.has("order") && f.text("order") != "score" && f.text("order") != "generation")
    f.fail("order", "expected 'generation' or 'score', got '" + printable(f.text("order")) + "'");
  job.order_by_score = f.has("order") && f.text("order") == "score";
  f.only({"topology", "shape", "mask", "rows", "cols", "obstacles", "hide_ends", "fill", "sparse", "difficulty", "budget",
          "order"});
}

Json grade_json(const Grade& g) {
  Json techniques = Json::array();
  for (const auto& t : g.techniques)
    techniques.push_back(Json{{"technique", t.technique}, {"tier", t.tier}, {"steps", t.steps}});
  return Json{{"level", std::string(to_string(g.level))}, {"score", g.score},
              {"deepest_tier", g.deepest_tier},         {"needs_search", g.needs_search},
              {"techniques", techniques}};
}

Grade grade_from(const Fields& f) {
  Grade g;
  const auto level = parse_difficulty(f.text("level"));
  if (!level) f.fail("level", "unknown grade level '" + printable(f.text("level")) + "'");
  g.level = *level;
  g.score = f.real("score", -1e9, 1e9);
  g.deepest_tier = f.small("deepest_tier", 0, int_max);
  g.needs_search = f.flag("needs_search");
  if (!f.at("techniques").is_array()) f.fail("techniques", "expected a list");
  for (std::size_t i = 0; i < f.at("techniques").size(); ++i) {
    const Fields t(f.at("techniques")[i], f.key_path("techniques") + "[" + std::to_string(i) + "]");
    t.only({"technique", "tier", "steps"});
    g.techniques.push_back(TechniqueCount{t.text("technique"), t.small("tier", 0, int_max), t.small("steps", 0, int_max)});
  }
  f.only({"level", "score", "deepest_tier", "needs_search", "techniques"});
  return g;
}

Json entry_to_json(const ManifestEntry& e) {
  Json j{{"job", e.ordinal},
         {"set", e.job.set_id},
         {"index", e.job.index},
         {"seed", hex16(e.job.seed)},
         {"status", e.ok ? "ok" : "failed"}};
  if (!e.ok) j["reason"] = e.reason;
  j["attempt"] = e.attempt;
  j["spec"] = spec_json(e.job);
  if (e.ok) {
    j["puzzle"] = e.puzzle;
    j["solution"] = e.solution;
    j["grade"] = grade_json(e.grade);
    j["clues"] = e.clues;
  }
  j["nodes"] = e.nodes;
  return j;
}

ManifestEntry entry_from_json(const Fields& f) {
  ManifestEntry e;
  e.ordinal = f.small("job", 0, int_max);
  e.job.set_id = f.text("set");
  e.job.index = f.small("index", 0, int_max);
  e.job.seed = parse_hex16(f, "seed");
  const auto status = f.text("status");
  if (status != "ok" && status != "failed") f.fail("status", "expected ok or failed, got '" + printable(status) + "'");
  e.ok = status == "ok";
  if (!e.ok) e.reason = f.text("reason");
  e.attempt = f.small("attempt", 0, int_max);
  spec_from(f.object("spec"), e.job);
  // A puzzle's attempt is numbered from 0 below its budget; a failure counts the attempts it made.
  const int attempts = e.job.budget.max_attempts;
  if (e.ok ? e.attempt >= attempts : e.attempt > attempts)
    f.fail("attempt", (e.ok ? "expected an attempt from 0 to " + std::to_string(attempts - 1)
                            : "expected at most " + std::to_string(attempts) + " attempts") +
                          " (spec.budget.attempts is " + std::to_string(attempts) + "), got " + std::to_string(e.attempt));
  if (e.ok) {
    e.puzzle = f.text("puzzle");
    e.solution = f.text("solution");
    e.grade = grade_from(f.object("grade"));
    e.clues = f.small("clues", 0, max_board_cells);
  }
  e.nodes = f.count("nodes");
  if (e.ok) f.only({"job", "set", "index", "seed", "status", "attempt", "spec", "puzzle", "solution", "grade", "clues", "nodes"});
  else f.only({"job", "set", "index", "seed", "status", "reason", "attempt", "spec", "nodes"});
  return e;
}

std::string header_text(const ManifestHeader& h) {
  std::string out = "{\n";
  const auto field = [&](const char* key, const Json& value) {
    out += "  \"" + std::string(key) + "\": " + json_text(value) + ",\n";
  };
  field("format", manifest_format);
  field("tool", h.tool);
  field("config", Json{{"name", h.config_name}, {"digest", h.config_digest}});
  field("book_seed", h.book.seed);
  field("book", book_json(h.book));
  field("jobs_total", h.jobs_total);
  if (h.shard) field("shard", Json{{"index", h.shard->index}, {"count", h.shard->count}});
  return out + "  \"puzzles\": [";
}

ManifestHeader header_from(const Fields& f) {
  if (f.text("format") != manifest_format)
    f.fail("format", "expected '" + std::string(manifest_format) + "', got '" + printable(f.text("format")) + "'");
  ManifestHeader h;
  h.tool = f.text("tool");
  const Fields config = f.object("config");
  h.config_name = config.text("name");
  h.config_digest = config.text("digest");
  config.only({"name", "digest"});
  h.book = book_from(f.object("book"), f.count("book_seed"));
  h.jobs_total = f.small("jobs_total", 0, int_max);
  if (f.has("shard")) {
    const Fields s = f.object("shard");
    s.only({"index", "count"});
    const int count = s.small("count", 1, max_shards);
    h.shard = Shard{s.small("index", 0, count - 1), count};
  }
  f.only({"format", "tool", "config", "book_seed", "book", "jobs_total", "shard", "puzzles", "summary"});
  return h;
}

// The entries must be exactly the jobs of the book (or of the shard), each once, in job order:
// ordinals index, index + count, ... below jobs_total.
void check_entries(const Fields& f, const ManifestHeader& h, const std::vector<ManifestEntry>& entries) {
  const Shard shard = h.shard.value_or(Shard{});
  long long want = shard.index;
  for (std::size_t i = 0; i < entries.size(); ++i, want += shard.count) {
    const int got = entries[i].ordinal;
    const std::string where = "puzzles[" + std::to_string(i) + "].job";
    if (got < want) throw InputError(where + ": job " + std::to_string(got) + " is repeated or out of order");
    if (want >= h.jobs_total)
      throw InputError(where + ": job " + std::to_string(got) + " is beyond jobs_total " + std::to_string(h.jobs_total));
    if (got > want) throw InputError(where + ": job " + std::to_string(want) + " is missing (found job " + std::to_string(got) + ")");
  }
  if (want < h.jobs_total)
    f.fail("puzzles", std::to_string(entries.size()) + " entries, but jobs_total " + std::to_string(h.jobs_total) +
                          " needs job " + std::to_string(want) + " and more");
}

// Each entry is the job it says it is: its seed is the one its set and index get under book_seed
// (job_seed), a made one's grade has its set's level, and a whole book's entries run through
// each set's indices 0, 1, 2, ... in turn. An entry moved to another set or index, or a changed
// book_seed, used to pass regenerate ("identical": the recorded seed makes the recorded puzzle
// whatever set it is filed under).
void check_entry_jobs(const ManifestHeader& h, const std::vector<ManifestEntry>& entries) {
  std::set<std::string> sets_done;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const PuzzleJob& job = entries[i].job;
    const std::string where = "puzzles[" + std::to_string(i) + "]";
    const std::string names = "set '" + printable(job.set_id) + "' index " + std::to_string(job.index);
    if (job.seed != job_seed(h.book.seed, job.set_id, static_cast<std::uint64_t>(job.index)))
      throw InputError(where + ".seed: not the seed of " + names + " under book_seed " + std::to_string(h.book.seed) +
                       " (the entry or the book seed was edited)");
    // A made puzzle has its set's level: the generator never hands out another (a puzzle that
    // misses it is no puzzle of the set), so a grade that says otherwise was edited.
    if (entries[i].ok && entries[i].grade.level != job.target)
      throw InputError(where + ".grade.level: '" + std::string(to_string(entries[i].grade.level)) + "', but " + names +
                       " is a set of level '" + std::string(to_string(job.target)) + "'");
    if (h.shard) continue;  // a shard holds every N-th job: no run of indices to follow
    const bool same_set = i > 0 && entries[i - 1].job.set_id == job.set_id;
    const int expected = same_set ? entries[i - 1].job.index + 1 : 0;
    if (job.index != expected || (!same_set && !sets_done.insert(job.set_id).second))
      throw InputError(where + ".index: " + names + " out of place (expected " +
                       (same_set ? "index " + std::to_string(expected) : "index 0 of a set not seen before") + ")");
  }
}

// The summary block: made and failed per set (in the order the sets first appear) and its grades.
void count_into(std::vector<SummaryCount>& sets, const ManifestEntry& e) {
  auto it = std::find_if(sets.begin(), sets.end(), [&](const SummaryCount& s) { return s.name == e.job.set_id; });
  if (it == sets.end()) it = sets.insert(sets.end(), SummaryCount{e.job.set_id});
  if (e.ok) {
    ++it->made;
    ++it->by_level[static_cast<int>(e.grade.level)];
  } else {
    ++it->failed;
  }
}

Json summary_json(const std::vector<SummaryCount>& counts) {
  Json sets = Json::array();
  int made = 0, failed = 0;
  for (const SummaryCount& s : counts) {
    Json levels = Json::object();
    for (int l = 0; l < difficulty_count; ++l)
      if (s.by_level[l]) levels[std::string(to_string(static_cast<Difficulty>(l)))] = s.by_level[l];
    sets.push_back(Json{{"name", s.name}, {"made", s.made}, {"failed", s.failed}, {"grades", levels}});
    made += s.made;
    failed += s.failed;
  }
  return Json{{"made", made}, {"failed", failed}, {"sets", sets}};
}

// The summary block is what the entries add up to: scripts read it (a made count edited by hand
// passed every reader, and so did a manifest without the block).
void check_summary(const Fields& top, const std::vector<ManifestEntry>& entries) {
  const Json want = summary_json(set_counts(entries));
  const auto unordered = [](const Json& v) { return nlohmann::json::parse(v.dump()); };  // key order is free
  if (unordered(top.at("summary")) != unordered(want))
    top.fail("summary", "does not add up to the entries, which give " + json_text(want));
}

}  // namespace

void in_set_order(std::vector<std::pair<std::string, std::string>>& titles, const std::vector<ManifestEntry>& entries) {
  const std::vector<SummaryCount> order = set_counts(entries);
  const auto rank = [&](const std::string& name) {
    return std::find_if(order.begin(), order.end(), [&](const SummaryCount& c) { return c.name == name; }) - order.begin();
  };
  // Titles that already follow the entries (as a manifest is written) keep their order, with the
  // sets a shard holds no entry of where they stand (a regenerated shard moved those to the end).
  std::vector<std::ptrdiff_t> ranks;
  for (const auto& [name, title] : titles)
    if (const auto r = rank(name); r < static_cast<std::ptrdiff_t>(order.size())) ranks.push_back(r);
  if (std::is_sorted(ranks.begin(), ranks.end())) return;
  std::stable_sort(titles.begin(), titles.end(), [&](const auto& a, const auto& b) { return rank(a.first) < rank(b.first); });
}

std::vector<SummaryCount> set_counts(const std::vector<ManifestEntry>& entries) {
  std::vector<SummaryCount> counts;
  for (const auto& e : entries) count_into(counts, e);
  return counts;
}

std::string tool_name() { return std::string("hidato ") + HIDATO_VERSION + " generator " + std::to_string(generator_version); }

ManifestHeader make_header(const BookSpec& spec, int jobs_total, const std::optional<Shard>& shard) {
  ManifestHeader h;
  h.tool = tool_name();
  h.config_name = spec.config_name;
  h.config_digest = spec.config_digest;
  h.book = spec.book;
  h.book.output.clear();
  h.jobs_total = jobs_total;
  h.shard = shard;
  return h;
}

ManifestEntry entry_from_outcome(const JobOutcome& o) {
  ManifestEntry e;
  e.ordinal = o.job.ordinal;
  e.job = o.job.job;
  e.nodes = o.nodes;
  e.ok = o.made.has_value();
  if (!e.ok) {
    e.reason = o.failure.reason;
    e.attempt = o.failure.attempts;
    return e;
  }
  const GeneratedPuzzle& g = *o.made;
  e.attempt = g.attempt;
  e.puzzle = describe(g.puzzle);
  e.solution = describe_values(g.puzzle.board, g.solution);
  e.grade = g.grade;
  e.clues = count_givens(g.puzzle.givens);
  return e;
}

std::string entry_json(const ManifestEntry& entry) { return json_text(entry_to_json(entry)); }

Manifest read_manifest(const std::filesystem::path& file) {
  std::string text;
  try {
    text = read_text_file(file, "manifest");
  } catch (const InputError& e) {
    const auto old = interrupted_book(file.has_parent_path() ? file.parent_path() : std::filesystem::path("."));
    if (!old) throw;
    throw InputError(std::string(e.what()) + " (a build was stopped while it swapped books: the earlier book is in " +
                     old->string() + ", and the next build into " + file.parent_path().string() + " puts it back)");
  }
  return parse_manifest(text, file.string());
}

namespace {

// The line and column (1-based, bytes) of byte `at` of `text`.
std::pair<int, int> line_and_column(const std::string& text, std::size_t at) {
  at = std::min(at, text.size());
  const std::size_t start = text.rfind('\n', at == 0 ? 0 : at - 1);
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  const std::size_t col = start == std::string::npos || at == 0 ? at : at - start - 1;
  return {line, static_cast<int>(col) + 1};
}

// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 11,
// column 153: " prefix (the location is ours, as FILE:LINE:COL).
std::string json_reason(std::string what) {
  if (what.starts_with("[json.exception.")) {
    const auto end = what.find("] ");
    if (end != std::string::npos) what.erase(0, end + 2);
  }
  if (what.starts_with("parse error at line ")) {
    const auto colon = what.find(": ");
    if (colon != std::string::npos) what.erase(0, colon + 2);
  }
  return printable(what, 200);
}

}  // namespace

Manifest parse_manifest(const std::string& text, const std::string& source) {
  const std::filesystem::path file = source;
  Manifest m;
  try {
    const Json j = Json::parse(text, NoRepeatedKeys());
    const Fields top(j, "");
    m.header = header_from(top);
    const Json& list = top.at("puzzles");
    if (!list.is_array()) top.fail("puzzles", "expected a list of entries");
    m.entries.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i)
      m.entries.push_back(entry_from_json(Fields(list[i], "puzzles[" + std::to_string(i) + "]")));
    check_entries(top, m.header, m.entries);
    check_entry_jobs(m.header, m.entries);
    check_summary(top, m.entries);
    in_set_order(m.header.book.set_titles, m.entries);
  } catch (const nlohmann::json::parse_error& e) {
    const auto [line, col] = line_and_column(text, e.byte > 0 ? e.byte - 1 : 0);
    throw InputError(located(file.string(), line, col, "not valid JSON: " + json_reason(e.what())));
  } catch (const nlohmann::json::out_of_range& e) {
    // "number overflow parsing '1e999'" comes without a position: found where the number is.
    const std::string what = e.what();
    const auto open = what.find("parsing '");
    const auto close = open == std::string::npos ? open : what.find('\'', open + 9);
    const auto at = close == std::string::npos ? close : text.find(what.substr(open + 9, close - open - 9));
    const auto [line, col] = at == std::string::npos ? std::pair{0, 0} : line_and_column(text, at);
    throw InputError(located(file.string(), line, col, "not valid JSON: " + json_reason(what)));
  } catch (const nlohmann::json::exception& e) {
    throw InputError(file.string() + ": not valid JSON: " + printable(json_reason(e.what()), 200));
  } catch (const InputError& e) {
    throw InputError(file.string() + ": " + e.what());
  }
  return m;
}

ManifestWriter::ManifestWriter(const std::filesystem::path& file, const ManifestHeader& header) : file_(file) {
  file_.write(header_text(header));
}

void ManifestWriter::add(const ManifestEntry& e) {
  file_.write(std::string(first_ ? "\n    " : ",\n    ") + entry_json(e));
  first_ = false;
  count_into(sets_, e);
}

void ManifestWriter::commit() {
  const Json summary = summary_json(sets_);
  file_.write(std::string(first_ ? "],\n" : "\n  ],\n") + "  \"summary\": " + json_text(summary) + "\n}\n");
  file_.commit();
}

void write_manifest(const std::filesystem::path& file, const Manifest& manifest) {
  ManifestWriter w(file, manifest.header);
  for (const auto& e : manifest.entries) w.add(e);
  w.commit();
}

}  // namespace hidato
