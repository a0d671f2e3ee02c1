// YAML -> BookSpec. Reads every key with a typed, located check, collects all problems, and only
// then throws one InputError listing them all (nothing has been generated or written yet).
#include "pipeline/book_spec.hpp"

#include <algorithm>
#include <map>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/paths.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"
#include "core/text_file.hpp"
#include "core/yaml_document.hpp"
#include "pipeline/yaml_check.hpp"
#include "generator/base_board.hpp"
#include "render/layout.hpp"
#include "render/render.hpp"
#include "render/template.hpp"

namespace hidato {
namespace {

using namespace yamlcheck;

const std::vector<std::string> top_keys = {"book", "defaults", "sets"};
const std::vector<std::string> book_keys = {"title",  "subtitle", "author",         "date",
                                            "seed",   "template", "formats",        "output",
                                            "creation_epoch", "how_to_play", "answer_path",
                                            "copyright", "isbn", "edition", "paper", "svg_per_puzzle"};
const std::vector<std::string> set_keys = {"name",      "title",      "topology",   "shape",     "mask",
                                           "rows",      "cols",       "obstacles", "difficulty",
                                           "count",     "deadline_ms", "budget",   "hide_ends", "order", "fill",
                                           "sparse"};
const std::vector<std::string> default_keys(set_keys.begin() + 2, set_keys.end());  // no name, title
const std::vector<std::string> order_names = {"generation", "score"};
const std::vector<std::string> budget_keys = {"nodes", "attempts"};
const std::vector<std::string> topology_names = {"square8", "square4", "hex6"};
const std::vector<std::string> difficulty_names = {"easy", "medium", "hard", "expert", "extreme"};
const std::vector<std::string> format_names = {"pdf", "svg", "cover"};

struct Context {
  Problems& problems;
  std::filesystem::path base_dir;
};

// The set keys found in one mapping (a set or `defaults`); absent keys stay empty.
struct SetFields {
  std::optional<std::string> name;
  std::optional<std::string> title;
  std::optional<Topology> topology;
  std::optional<std::string> shape;
  std::optional<std::string> mask;       // as written
  std::optional<std::string> mask_file;  // resolved
  std::optional<int> rows, cols, count, deadline_ms, attempts;
  std::optional<double> obstacles;
  std::optional<Difficulty> difficulty;
  std::optional<std::uint64_t> nodes;
  std::optional<bool> hide_ends;
  std::optional<bool> sparse;
  std::optional<bool> order_by_score;
  std::optional<double> fill;
  bool mask_problem = false;  // the mask was given but is unusable (already reported)
};

std::optional<int> read_small(const YAML::Node& n, const std::string& path, int lo, int hi,
                              Problems& p) {
  const auto v = read_int(n, path, lo, hi, p);
  return v ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
}

template <class T, class Parse>
std::optional<T> read_enum(const YAML::Node& n, const std::string& path, const char* what,
                           const std::vector<std::string>& names, Parse parse, Problems& p) {
  const auto s = read_string(n, path, p);
  if (!s) return std::nullopt;
  if (auto v = parse(*s)) return v;
  p.add(n, path, "unknown " + std::string(what) + " '" + printable(*s) + "'" + suggestion(*s, names));
  return std::nullopt;
}

// A mask is looked up beside the config file first, then among the bundled shapes (a bare name:
// shipped_mask_file, the generator's own rule). What is
// returned goes into BoardSpec.mask_file and the manifest: an absolute path for a file beside the
// config, or the name as written for a bundled shape (the generator resolves it the same way, so
// manifests of bundled shapes do not depend on where hidato is installed).
std::optional<std::string> resolve_mask(const std::string& mask, const std::filesystem::path& base) {
  std::error_code ec;
  const std::filesystem::path m(mask);
  if (m.is_absolute()) {
    if (std::filesystem::is_regular_file(m, ec)) return m.string();
    return std::nullopt;
  }
  if (std::filesystem::is_regular_file(base / m, ec))
    return std::filesystem::absolute(base / m, ec).lexically_normal().string();
  if (shipped_mask_file(mask)) return mask;
  return std::nullopt;
}

void read_shape(const YAML::Node& n, const std::string& path, SetFields& f, Problems& p) {
  const auto s = read_string(n, path, p);
  if (!s) return;
  auto names = shape_names();
  if (*s == "mask" || std::find(names.begin(), names.end(), *s) != names.end()) {
    f.shape = *s;
    return;
  }
  if (std::find(names.begin(), names.end(), "mask") == names.end()) names.push_back("mask");
  p.add(n, path, "unknown shape '" + *s + "'" + suggestion(*s, names));
}

void read_mask(const YAML::Node& n, const std::string& path, SetFields& f, const Context& cx) {
  const auto s = read_string(n, path, cx.problems);
  if (!s) {
    f.mask_problem = true;
    return;
  }
  f.mask = *s;
  f.mask_file = resolve_mask(*s, cx.base_dir);
  if (f.mask_file) return;
  f.mask_problem = true;
  // Something by that name that is no file is named as such (a folder or /dev/zero was "not found").
  std::error_code ec;
  const std::filesystem::path at = std::filesystem::path(*s).is_absolute() ? std::filesystem::path(*s) : cx.base_dir / *s;
  if (std::filesystem::exists(at, ec)) {
    cx.problems.add(n, path, "mask file '" + line_text(*s) + "' is " +
                                 (std::filesystem::is_directory(at, ec) ? "a folder" : "not a regular file") +
                                 ", not a mask file");
    return;
  }
  cx.problems.add(n, path, "mask file '" + line_text(*s) + "' not found (looked in " +
                               (cx.base_dir.empty() ? std::string(".") : cx.base_dir.string()) +
                               " and templates/shapes)");
}

void read_budget(const YAML::Node& n, const std::string& path, SetFields& f, Problems& p) {
  if (!n.IsMap()) {
    p.add(n, path, "expected a mapping with nodes and attempts");
    return;
  }
  check_keys(n, path, budget_keys, p);
  if (n["nodes"]) {
    const auto v = read_int(n["nodes"], path + ".nodes", 1000, 1'000'000'000'000'000, p);
    if (v) f.nodes = static_cast<std::uint64_t>(*v);
  }
  if (n["attempts"]) f.attempts = read_small(n["attempts"], path + ".attempts", 1, 10'000, p);
}

// Reads the set keys of `map` (a set entry or `defaults`) at key path `path`; the caller has
// checked its keys (check_keys).
SetFields read_set_fields(const YAML::Node& map, const std::string& path, const Context& cx) {
  Problems& p = cx.problems;
  SetFields f;
  const auto key = [&](const char* k) { return path + "." + k; };
  if (auto n = map["name"]) {
    f.name = read_string(n, key("name"), p);
    if (f.name && (f.name->empty() || f.name->size() > 64)) {
      p.add(n, key("name"), "a set name must have 1 to 64 characters");
      f.name.reset();
    } else if (f.name && has_control_character(*f.name)) {
      p.add(n, key("name"), "a set name cannot hold control characters (got '" + printable(*f.name) + "')");
      f.name.reset();
    }
  }
  if (auto n = map["title"]) {
    f.title = read_string(n, key("title"), p);
    if (f.title)
      if (const auto why = printed_text_problem(*f.title)) p.add(n, key("title"), *why);
  }
  if (auto n = map["topology"])
    f.topology = read_enum<Topology>(n, key("topology"), "topology", topology_names, parse_topology, p);
  if (auto n = map["shape"]) read_shape(n, key("shape"), f, p);
  if (auto n = map["mask"]) read_mask(n, key("mask"), f, cx);
  if (auto n = map["rows"]) f.rows = read_small(n, key("rows"), 2, 200, p);
  if (auto n = map["cols"]) f.cols = read_small(n, key("cols"), 2, 200, p);
  if (auto n = map["obstacles"]) f.obstacles = read_fraction(n, key("obstacles"), 0.0, 0.5, p);
  if (auto n = map["difficulty"])
    f.difficulty = read_enum<Difficulty>(n, key("difficulty"), "difficulty", difficulty_names,
                                         parse_difficulty, p);
  if (auto n = map["count"]) {
    if (n.IsScalar() && n.Scalar() == "0") p.add(n, key("count"), "count must be at least 1");
    else f.count = read_small(n, key("count"), 1, 1'000'000, p);
  }
  if (auto n = map["deadline_ms"]) f.deadline_ms = read_small(n, key("deadline_ms"), 0, max_deadline_ms, p);
  if (auto n = map["budget"]) read_budget(n, key("budget"), f, p);
  if (auto n = map["hide_ends"]) f.hide_ends = read_bool(n, key("hide_ends"), p);
  if (auto n = map["sparse"]) f.sparse = read_bool(n, key("sparse"), p);
  if (auto n = map["fill"]) f.fill = read_fraction(n, key("fill"), 0.2, 1.0, p, true);
  if (auto n = map["order"]) {
    const auto o = read_enum<std::string>(n, key("order"), "order", order_names, [](const std::string& s) {
      return s == "generation" || s == "score" ? std::optional<std::string>(s) : std::nullopt;
    }, p);
    if (o) f.order_by_score = *o == "score";
  }
  if (f.shape && f.shape != "mask" && f.mask)
    p.add(map["mask"], key("mask"), "give either a shape or a mask, not both");
  return f;
}

template <class T>
T pick(const std::optional<T>& own, const std::optional<T>& def, T fallback) {
  return own ? *own : def ? *def : fallback;
}

// The set's own keys override `defaults`, which override the built-in defaults. Returns false
// when a problem was found (already reported).
bool resolve_set(const SetFields& own, const SetFields& def, const YAML::Node& at,
                 const std::string& path, SetSpec& out, Problems& p) {
  const std::size_t before = p.size();
  if (own.name) out.name = *own.name;
  else if (!at["name"]) p.add(at, path, "missing required key 'name'");  // a title is no name
  if (own.title) out.title = *own.title;
  const BoardSpec builtin;
  const WorkBudget builtin_budget;
  BoardSpec& b = out.board;
  b.topology = pick(own.topology, def.topology, builtin.topology);
  b.rows = pick(own.rows, def.rows, builtin.rows);
  b.cols = pick(own.cols, def.cols, builtin.cols);
  b.obstacles = pick(own.obstacles, def.obstacles, builtin.obstacles);
  b.hide_ends = pick(own.hide_ends, def.hide_ends, builtin.hide_ends);
  b.sparse = pick(own.sparse, def.sparse, builtin.sparse);
  b.fill = pick(own.fill, def.fill, builtin.fill);
  // A set's own shape hides a mask from defaults, and its own mask hides a shape from defaults.
  const SetFields& shape_src = (own.shape || own.mask || own.mask_problem) ? own : def;
  b.shape = shape_src.shape ? *shape_src.shape : shape_src.mask ? "mask" : builtin.shape;
  if (b.shape == "mask") {
    if (shape_src.mask_file) {
      b.mask_file = *shape_src.mask_file;
      out.mask = *shape_src.mask;
    } else if (!shape_src.mask_problem) {
      p.add(at, path, "shape 'mask' needs a 'mask' file");
    }
  }
  out.difficulty = pick(own.difficulty, def.difficulty, Difficulty::medium);
  // A set's own `fill` or `sparse` that its shape or level would ignore is refused, as `generate
  // --fill` without --shape grown is (a config took `fill: 0.65` on a rect set without a word).
  // From `defaults` they apply where they mean something.
  if (own.fill && b.shape != "grown")
    p.add(at["fill"], path + ".fill",
          "applies to shape 'grown' only (this set's shape is '" + b.shape + "'): remove it, or set shape: grown");
  if (own.sparse && *own.sparse && out.difficulty != Difficulty::extreme)
    p.add(at["sparse"], path + ".sparse",
          "applies to difficulty 'extreme' only (this set's is '" + std::string(to_string(out.difficulty)) + "')");
  out.count = pick(own.count, def.count, 1);
  out.order_by_score = pick(own.order_by_score, def.order_by_score, false);
  out.budget.nodes_per_attempt = pick(own.nodes, def.nodes, builtin_budget.nodes_per_attempt);
  out.budget.max_attempts = pick(own.attempts, def.attempts, builtin_budget.max_attempts);
  out.budget.deadline_ms = pick(own.deadline_ms, def.deadline_ms, builtin_budget.deadline_ms);
  if (p.size() != before || own.mask_problem || def.mask_problem) return false;
  if (auto why = check_spec(b)) {
    p.add(at, path, *why);
    return false;
  }
  if (auto why = check_level(b, out.difficulty)) {
    const std::string key = own.difficulty ? ".difficulty" : "";
    p.add(own.difficulty ? at["difficulty"] : at, path + key, *why);
    return false;
  }
  return true;
}

void read_formats(const YAML::Node& n, BookMeta& m, Problems& p) {
  if (!n.IsSequence()) {
    p.add(n, "book.formats", "expected a list such as [pdf, svg], got " +
                                 (n.IsScalar() ? "'" + n.Scalar() + "'" : std::string("a mapping")));
    return;
  }
  m.pdf = m.svg = m.cover = false;
  for (std::size_t i = 0; i < n.size(); ++i) {
    const std::string path = "book.formats[" + std::to_string(i) + "]";
    const auto f = read_string(n[i], path, p);
    if (!f) continue;
    if (*f == "pdf") m.pdf = true;
    else if (*f == "svg") m.svg = true;
    else if (*f == "cover") m.cover = true;
    else p.add(n[i], path, "unknown format '" + *f + "'" + suggestion(*f, format_names));
  }
}

// The template is parsed now, with the config's other problems, so a bad one never costs a run.
void check_template(const YAML::Node& n, const std::string& name, Problems& p) {
  try {
    load_page_template(name);
  } catch (const InputError& e) {
    p.add(n, "book.template", e.what());
  }
}

BookMeta read_book(const YAML::Node& n, Problems& p, const std::filesystem::path& base_dir) {
  BookMeta m;
  if (!n) return m;
  if (!n.IsMap()) {
    p.add(n, "book", "expected a mapping of book settings");
    return m;
  }
  check_keys(n, "book", book_keys, p);
  const auto str = [&](const char* k, std::string& out) {
    if (auto v = n[k]) {
      if (auto s = read_string(v, std::string("book.") + k, p)) out = *s;
    }
  };
  const auto printed = [&](const char* k, std::string& out) {  // a string the pages show
    str(k, out);
    if (const auto why = printed_text_problem(out)) p.add(n[k], std::string("book.") + k, *why);
  };
  printed("title", m.title);
  printed("subtitle", m.subtitle);
  printed("author", m.author);
  str("date", m.date);
  str("template", m.page_template);
  m.page_template = resolve_template(m.page_template, base_dir);
  str("output", m.output);
  // `--out ''` is refused; so is an empty key, which read as "not given" (out/<config name>).
  if (n["output"] && n["output"].IsScalar() && m.output.empty())
    p.add(n["output"], "book.output", "an empty path names no folder (leave the key out for out/<config name>)");
  printed("copyright", m.copyright);
  str("isbn", m.isbn);
  printed("edition", m.edition);
  str("paper", m.paper);
  if (const auto why = paper_problem(m.paper)) p.add(n["paper"], "book.paper", *why);
  if (const auto why = isbn_problem(m.isbn)) p.add(n["isbn"], "book.isbn", *why);
  if (auto v = n["svg_per_puzzle"]) m.svg_per_puzzle = read_bool(v, "book.svg_per_puzzle", p).value_or(false);
  if (const auto why = date_problem(m.date)) p.add(n["date"], "book.date", *why);
  if (auto v = n["seed"]) m.seed = read_u64(v, "book.seed", p).value_or(m.seed);
  if (auto v = n["formats"]) read_formats(v, m, p);
  if (auto v = n["how_to_play"]) m.how_to_play = read_bool(v, "book.how_to_play", p).value_or(true);
  if (auto v = n["answer_path"]) m.answer_path = read_bool(v, "book.answer_path", p).value_or(false);
  m.creation_epoch = m.date.empty() ? 0 : std::max<std::int64_t>(0, epoch_of_date(m.date));
  if (auto v = n["creation_epoch"]) {
    m.creation_epoch = read_int(v, "book.creation_epoch", 0, max_creation_epoch, p).value_or(0);
  }
  // A template named is checked whatever the formats: the manifest records it for a later render
  // (with formats: [] a missing one was recorded as written, and only that render refused it).
  if ((m.pdf || m.svg || m.cover || m.svg_per_puzzle || n["template"]) && !m.page_template.empty()) {
    check_template(n["template"] ? n["template"] : n, m.page_template, p);
  }
  return m;
}

void read_sets(const YAML::Node& sets, const SetFields& def, const Context& cx, BookSpec& spec) {
  Problems& p = cx.problems;
  if (!sets.IsSequence() || sets.size() == 0) {
    p.add(sets, "sets", "expected a non-empty list of sets");
    return;
  }
  std::map<std::string, SourceLoc> seen;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const YAML::Node& node = sets[i];
    const std::string path = "sets[" + std::to_string(i) + "]";
    if (!node.IsMap()) {
      p.add(node, path, "expected a mapping with name, topology, rows, cols, count, ...");
      continue;
    }
    SetSpec set;
    check_keys(node, path, set_keys, cx.problems);
    const SetFields own = read_set_fields(node, path, cx);
    set.loc = {node.Mark().line + 1, node.Mark().column + 1};
    const bool ok = resolve_set(own, def, node, path, set, p);
    if (own.name) {
      const auto [it, fresh] = seen.emplace(*own.name, set.loc);
      if (!fresh) {
        p.add(node["name"], path + ".name",
              "duplicate set name '" + printable(*own.name) + "' (first used at line " +
                  std::to_string(it->second.line) + ")");
      }
    }
    if (ok) spec.sets.push_back(std::move(set));
  }
}

std::string hex16(std::uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[static_cast<std::size_t>(i)] = digits[v & 15];
  return s;
}

// The puzzles the sets ask for (counts are checked, at most a million each).
long long puzzle_count(const BookSpec& spec) {
  long long puzzles = 0;
  for (const SetSpec& s : spec.sets) puzzles += s.count;
  return puzzles;
}

// A generous bound on the page count (every answer on a page of its own), for the widest gutter
// the print rules may give the book.
int page_bound(const BookSpec& spec, const PageTemplate& t) {
  const int puzzles = static_cast<int>(puzzle_count(spec));
  return 8 + static_cast<int>(spec.sets.size()) + (puzzles + t.puzzles_per_page - 1) / t.puzzles_per_page + puzzles;
}

// Checked from the config alone, before any puzzle is made: each set's board on the template.
std::vector<std::string> fit_problems(const BookSpec& spec, const std::string& label) {
  const BookMeta& b = spec.book;
  if (!(b.pdf || b.svg || b.svg_per_puzzle) || b.page_template.empty()) return {};
  const PageTemplate t = load_page_template(b.page_template);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < spec.sets.size(); ++i) {
    const SetSpec& set = spec.sets[i];
    Mask mask;
    try {
      mask = base_mask(set.board);
    } catch (const InputError&) {
      continue;  // the generator reports a bad shape itself
    }
    // A grown board holds `fill` of its box (the largest number is that many cells, not the box's).
    const int shape_cells = set.board.shape == "grown" ? grown_cells(set.board.fill, mask.count()) : mask.count();
    const int cells = shape_cells - obstacle_count(set.board.obstacles, shape_cells);
    if (auto why = board_fit_problem(t, set.board.topology, mask.rows, mask.cols, cells, page_bound(spec, t)))
      out.push_back(located(label, set.loc.line, set.loc.col,
                            "sets[" + std::to_string(i) + "]: set '" + set.name + "': " + *why));
  }
  return out;
}

// Checked from the config alone, before any puzzle is made: a book that cannot fit its print
// service's page limit even if its puzzles and answer keys packed every page full (the render
// would refuse it after every puzzle was made). `where`: the line of the sets.
std::optional<std::string> page_limit_problem(const BookSpec& spec, const std::string& label, YAML::Mark where) {
  const BookMeta& b = spec.book;
  // A cover alone counts the pages too (its spine), and the render refuses it the same way.
  if (!(b.pdf || b.svg || b.svg_per_puzzle || b.cover) || b.page_template.empty()) return std::nullopt;
  const PageTemplate t = load_page_template(b.page_template);
  const PrintRules rules = rules_of(t);
  const long long puzzles = puzzle_count(spec);
  const auto pages_for = [](long long n, int per_page) {
    const int k = std::max(1, per_page);
    return (n + k - 1) / k;
  };
  const long long least = pages_for(puzzles, t.puzzles_per_page) + pages_for(puzzles, t.answers_per_page);
  const int limit = page_limit(rules, t.width_mm, t.height_mm, parse_paper(b.paper).value_or(Paper::white));
  if (limit <= 0 || least <= limit) return std::nullopt;
  return located(label, where.is_null() ? 0 : where.line + 1, where.is_null() ? 0 : where.column + 1,
                 "sets: " + counted(puzzles, "puzzle") + " need at least " + std::to_string(least) +
                     " pages on template '" + t.name + "' (" + counted(t.puzzles_per_page, "puzzle") + " and at most " +
                     counted(t.answers_per_page, "answer key") + " a page), more than the " +
                     std::to_string(limit) + " that print service '" + rules.service + "' allows with " + b.paper +
                     " paper; split the book");
}

}  // namespace

// A template file named by a path (with a '/' or ending in .yaml) is looked up beside the config
// first, then from the working folder, and recorded absolute (as masks are), so the manifest can
// be rendered and regenerated from anywhere; a bare name is a shipped template, kept as written.
std::string resolve_template(const std::string& name, const std::filesystem::path& base_dir) {
  if (!names_a_template_file(name)) return name;
  std::error_code ec;
  for (const std::filesystem::path& file : {base_dir / name, std::filesystem::path(name)})
    if (std::filesystem::is_regular_file(file, ec)) return std::filesystem::absolute(file, ec).lexically_normal().string();
  return name;  // check_template reports it
}

std::optional<std::string> date_problem(const std::string& date) {
  if (date.empty() || epoch_of_date(date) >= 0) return std::nullopt;
  return "expected a real date YYYY-MM-DD from 1970-01-01 on, got '" + printable(date) + "'";
}

std::optional<std::string> printed_text_problem(const std::string& text) {
  if (!has_control_character(text)) return std::nullopt;
  return "printed text cannot hold control characters (got '" + printable(text) + "')";
}

// ISBN-13 (978 or 979, check digit by weights 1 and 3) or ISBN-10 (weights 10..1, mod 11, X for
// ten), hyphens and spaces allowed: a typo would be printed on the copyright page as it stands.
std::optional<std::string> isbn_problem(const std::string& isbn) {
  if (isbn.empty()) return std::nullopt;
  std::string d;
  for (char c : isbn)
    if (c != '-' && c != ' ') d += c;
  const bool tidy = isbn.front() != '-' && isbn.front() != ' ' && isbn.back() != '-' && isbn.back() != ' ' &&
                    isbn.find("--") == std::string::npos;
  if (!tidy) return "'" + printable(isbn) + "': hyphens and spaces go between the parts of an ISBN only";
  if (d.starts_with("9790")) return "'" + printable(isbn) + "' is an ISMN (979-0, printed music), not an ISBN";
  const bool ten = d.size() == 10 && (d.back() == 'X' || d.back() == 'x');  // an ISBN-10's check digit 10
  const bool digits = !d.empty() && std::all_of(d.begin(), d.end() - (ten ? 1 : 0), [](char c) { return c >= '0' && c <= '9'; });
  int sum = 0;
  if (digits && d.size() == 13 && (d.starts_with("978") || d.starts_with("979"))) {
    for (std::size_t i = 0; i < 13; ++i) sum += (d[i] - '0') * (i % 2 == 0 ? 1 : 3);
    if (sum % 10 == 0) return std::nullopt;
  } else if (digits && d.size() == 10) {
    for (std::size_t i = 0; i < 9; ++i) sum += static_cast<int>(10 - i) * (d[i] - '0');
    sum += ten ? 10 : d[9] - '0';
    if (sum % 11 == 0) return std::nullopt;
  } else {
    return "expected an ISBN-13 (978... or 979..., 13 digits) or an ISBN-10, got '" + printable(isbn) + "'";
  }
  return "'" + printable(isbn) + "' is not an ISBN: its check digit does not match";
}

std::optional<std::string> paper_problem(const std::string& paper) {
  static const std::vector<std::string> papers{"white", "cream"};
  if (std::find(papers.begin(), papers.end(), paper) != papers.end()) return std::nullopt;
  return "unknown paper '" + printable(paper) + "'" + suggestion(paper, papers);
}

std::int64_t epoch_of_date(const std::string& date) {
  int y = 0, m = 0, d = 0;
  char tail = 0;
  if (date.size() != 10 || std::sscanf(date.c_str(), "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3)
    return -1;
  static const int days_in[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  if (y < 1970 || m < 1 || m > 12 || d < 1 || d > days_in[m - 1] || (m == 2 && d == 29 && !leap))
    return -1;
  // Howard Hinnant's days_from_civil.
  const int yy = m <= 2 ? y - 1 : y;
  const int era = yy / 400;
  const int yoe = yy - era * 400;
  const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const std::int64_t days = static_cast<std::int64_t>(era) * 146097 + doe - 719468;
  return days * 86400;
}

BookSpec parse_book_spec(const std::string& text, const std::string& label,
                         const std::filesystem::path& base_dir) {
  const YAML::Node root = load_yaml_document(text, label);
  Problems problems(label);
  Context cx{problems, base_dir};
  BookSpec spec;
  spec.config_name = std::filesystem::path(label).filename().string();
  spec.config_digest = hex16(hash_string(text));
  if (!root.IsMap()) {
    problems.add(root, "", "expected a mapping with book, defaults and sets");
    throw InputError(problems.report());
  }
  check_keys(root, "", top_keys, problems);
  spec.book = read_book(root["book"], problems, base_dir);
  SetFields defaults;
  if (auto d = root["defaults"]) {
    if (d.IsMap()) {
      check_keys(d, "defaults", default_keys, problems, {"name", "title"});  // refused below, by name
      defaults = read_set_fields(d, "defaults", cx);
    }
    else problems.add(d, "defaults", "expected a mapping of set keys");
    if (d.IsMap() && d["name"]) problems.add(d["name"], "defaults.name", "a set name cannot be a default");
    if (d.IsMap() && d["title"]) problems.add(d["title"], "defaults.title", "a set title cannot be a default");
  }
  if (auto sets = root["sets"]) read_sets(sets, defaults, cx, spec);
  else problems.add(1, 1, "sets", "missing required key 'sets' (a list of puzzle sets)");
  if (!problems.empty()) throw InputError(problems.report());
  for (const SetSpec& set : spec.sets) spec.book.set_titles.emplace_back(set.name, set.title);
  spec.fit_problems = fit_problems(spec, label);
  if (auto why = page_limit_problem(spec, label, root["sets"].Mark())) throw InputError(*why);
  return spec;
}

BookSpec load_book_spec(const std::filesystem::path& file) {
  return parse_book_spec(read_text_file(file, "config file", max_small_input_bytes), file.string(), file.parent_path());
}

std::filesystem::path output_folder(const BookSpec& spec, const std::filesystem::path& config_file,
                                    const std::filesystem::path& override_dir) {
  if (!override_dir.empty()) return override_dir;
  if (!spec.book.output.empty()) return spec.book.output;
  return std::filesystem::path("out") / config_file.stem();
}

}  // namespace hidato
