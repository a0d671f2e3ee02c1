// Manifest <-> JSON. Written by hand around nlohmann::ordered_json pieces so that key order and
// layout are fixed (one line per puzzle) and the bytes depend only on the values.
#include "pipeline/manifest.hpp"

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/codec.hpp"
#include "core/errors.hpp"
#include "core/text_file.hpp"
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

std::uint64_t parse_hex16(const std::string& s) {
  if (s.size() != 16 || s.find_first_not_of("0123456789abcdef") != std::string::npos)
    throw InputError("expected 16 hex digits, got '" + s + "'");
  return std::stoull(s, nullptr, 16);
}

Json book_json(const BookMeta& b) {
  Json formats = Json::array();
  if (b.pdf) formats.push_back("pdf");
  if (b.svg) formats.push_back("svg");
  return Json{{"title", b.title},           {"subtitle", b.subtitle},
              {"author", b.author},         {"date", b.date},
              {"creation_epoch", b.creation_epoch}, {"template", b.page_template},
              {"formats", formats},         {"how_to_play", b.how_to_play},
              {"answer_path", b.answer_path}};
}

BookMeta book_from(const Json& j, std::uint64_t seed) {
  BookMeta b;
  b.seed = seed;
  b.title = j.at("title").get<std::string>();
  b.subtitle = j.at("subtitle").get<std::string>();
  b.author = j.at("author").get<std::string>();
  b.date = j.at("date").get<std::string>();
  b.creation_epoch = j.at("creation_epoch").get<std::int64_t>();
  b.page_template = j.at("template").get<std::string>();
  b.pdf = b.svg = false;
  for (const auto& f : j.at("formats")) {
    const auto s = f.get<std::string>();
    if (s == "pdf") b.pdf = true;
    else if (s == "svg") b.svg = true;
    else throw InputError("unknown format '" + s + "'");
  }
  b.how_to_play = j.at("how_to_play").get<bool>();
  b.answer_path = j.at("answer_path").get<bool>();
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
  j["difficulty"] = std::string(to_string(job.target));
  j["budget"] = Json{{"nodes", job.budget.nodes_per_attempt},
                     {"attempts", job.budget.max_attempts},
                     {"deadline_ms", job.budget.deadline_ms}};
  if (job.order_by_score) j["order"] = "score";
  return j;
}

void spec_from(const Json& j, PuzzleJob& job) {
  BoardSpec& s = job.board;
  const auto topo = parse_topology(j.at("topology").get<std::string>());
  const auto level = parse_difficulty(j.at("difficulty").get<std::string>());
  if (!topo || !level) throw InputError("unknown topology or difficulty");
  s.topology = *topo;
  job.target = *level;
  s.shape = j.at("shape").get<std::string>();
  s.mask_file = j.contains("mask") ? j.at("mask").get<std::string>() : "";
  s.rows = j.at("rows").get<int>();
  s.cols = j.at("cols").get<int>();
  s.obstacles = j.at("obstacles").get<double>();
  s.hide_ends = j.at("hide_ends").get<bool>();
  if (j.contains("fill")) s.fill = j.at("fill").get<double>();
  const Json& b = j.at("budget");
  job.budget.nodes_per_attempt = b.at("nodes").get<std::uint64_t>();
  job.budget.max_attempts = b.at("attempts").get<int>();
  job.budget.deadline_ms = b.at("deadline_ms").get<int>();
  job.order_by_score = j.contains("order") && j.at("order").get<std::string>() == "score";
}

Json grade_json(const Grade& g) {
  Json techniques = Json::array();
  for (const auto& t : g.techniques)
    techniques.push_back(Json{{"technique", t.technique}, {"tier", t.tier}, {"steps", t.steps}});
  return Json{{"level", std::string(to_string(g.level))}, {"score", g.score},
              {"deepest_tier", g.deepest_tier},         {"needs_search", g.needs_search},
              {"techniques", techniques}};
}

Grade grade_from(const Json& j) {
  Grade g;
  const auto level = parse_difficulty(j.at("level").get<std::string>());
  if (!level) throw InputError("unknown grade level");
  g.level = *level;
  g.score = j.at("score").get<double>();
  g.deepest_tier = j.at("deepest_tier").get<int>();
  g.needs_search = j.at("needs_search").get<bool>();
  for (const auto& t : j.at("techniques"))
    g.techniques.push_back(TechniqueCount{t.at("technique").get<std::string>(),
                                          t.at("tier").get<int>(), t.at("steps").get<int>()});
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

ManifestEntry entry_from_json(const Json& j) {
  ManifestEntry e;
  e.ordinal = j.at("job").get<int>();
  e.job.set_id = j.at("set").get<std::string>();
  e.job.index = j.at("index").get<int>();
  e.job.seed = parse_hex16(j.at("seed").get<std::string>());
  const auto status = j.at("status").get<std::string>();
  if (status != "ok" && status != "failed") throw InputError("status must be ok or failed");
  e.ok = status == "ok";
  if (!e.ok) e.reason = j.at("reason").get<std::string>();
  e.attempt = j.at("attempt").get<int>();
  spec_from(j.at("spec"), e.job);
  if (e.ok) {
    e.puzzle = j.at("puzzle").get<std::string>();
    e.solution = j.at("solution").get<std::string>();
    e.grade = grade_from(j.at("grade"));
    e.clues = j.at("clues").get<int>();
  }
  e.nodes = j.at("nodes").get<std::uint64_t>();
  return e;
}

std::string header_text(const ManifestHeader& h) {
  std::string out = "{\n";
  const auto field = [&](const char* key, const Json& value) {
    out += "  \"" + std::string(key) + "\": " + value.dump() + ",\n";
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

ManifestHeader header_from(const Json& j) {
  if (j.at("format").get<std::string>() != manifest_format)
    throw InputError("not a " + std::string(manifest_format) + " manifest");
  ManifestHeader h;
  h.tool = j.at("tool").get<std::string>();
  h.config_name = j.at("config").at("name").get<std::string>();
  h.config_digest = j.at("config").at("digest").get<std::string>();
  h.book = book_from(j.at("book"), j.at("book_seed").get<std::uint64_t>());
  h.jobs_total = j.at("jobs_total").get<int>();
  if (j.contains("shard"))
    h.shard = Shard{j.at("shard").at("index").get<int>(), j.at("shard").at("count").get<int>()};
  return h;
}

}  // namespace

ManifestHeader make_header(const BookSpec& spec, int jobs_total, const Shard& shard) {
  ManifestHeader h;
  h.tool = std::string("hidato ") + HIDATO_VERSION + " generator " + std::to_string(generator_version);
  h.config_name = spec.config_name;
  h.config_digest = spec.config_digest;
  h.book = spec.book;
  h.book.output.clear();
  h.jobs_total = jobs_total;
  if (!shard.is_whole()) h.shard = shard;
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

std::string entry_json(const ManifestEntry& entry) { return entry_to_json(entry).dump(); }

Manifest read_manifest(const std::filesystem::path& file) {
  const std::string text = read_text_file(file, "manifest");
  Manifest m;
  std::size_t i = 0;
  try {
    const Json j = Json::parse(text);
    m.header = header_from(j);
    for (const auto& e : j.at("puzzles")) {
      m.entries.push_back(entry_from_json(e));
      ++i;
    }
  } catch (const nlohmann::json::exception& e) {
    // Translate the library's exception into a located InputError at the boundary.
    throw InputError(file.string() + ": puzzles[" + std::to_string(i) + "]: " + e.what());
  } catch (const InputError& e) {
    throw InputError(file.string() + ": puzzles[" + std::to_string(i) + "]: " + e.what());
  }
  return m;
}

ManifestWriter::ManifestWriter(std::filesystem::path file, const ManifestHeader& header)
    : file_(std::move(file)) {
  std::error_code ec;
  if (file_.has_parent_path()) std::filesystem::create_directories(file_.parent_path(), ec);
  if (ec) throw OutputError(file_.parent_path().string() + ": cannot create folder: " + ec.message());
  tmp_ = file_.string() + "." + std::to_string(::getpid()) + ".tmp-hidato";
  out_.open(tmp_, std::ios::binary | std::ios::trunc);
  if (!out_) throw OutputError(tmp_.string() + ": cannot write");
  out_ << header_text(header);
}

ManifestWriter::~ManifestWriter() {
  if (committed_) return;
  out_.close();
  std::error_code ec;
  std::filesystem::remove(tmp_, ec);
}

void ManifestWriter::add(const ManifestEntry& e) {
  out_ << (first_ ? "\n    " : ",\n    ") << entry_json(e);
  first_ = false;
  auto it = std::find_if(sets_.begin(), sets_.end(), [&](const SetCount& s) { return s.name == e.job.set_id; });
  if (it == sets_.end()) {
    SetCount c;
    c.name = e.job.set_id;
    it = sets_.insert(sets_.end(), c);
  }
  if (e.ok) {
    ++it->made;
    ++it->by_level[static_cast<int>(e.grade.level)];
  } else {
    ++it->failed;
  }
}

void ManifestWriter::commit() {
  Json sets = Json::array();
  int made = 0, failed = 0;
  for (const SetCount& s : sets_) {
    Json levels = Json::object();
    for (int l = 0; l < difficulty_count; ++l)
      if (s.by_level[l]) levels[std::string(to_string(static_cast<Difficulty>(l)))] = s.by_level[l];
    sets.push_back(Json{{"name", s.name}, {"made", s.made}, {"failed", s.failed}, {"grades", levels}});
    made += s.made;
    failed += s.failed;
  }
  const Json summary{{"made", made}, {"failed", failed}, {"sets", sets}};
  out_ << (first_ ? "],\n" : "\n  ],\n") << "  \"summary\": " << summary.dump() << "\n}\n";
  out_.close();
  if (!out_) throw OutputError(file_.string() + ": cannot write the manifest");
  std::error_code ec;
  std::filesystem::rename(tmp_, file_, ec);
  if (ec) throw OutputError(file_.string() + ": cannot write: " + ec.message());
  committed_ = true;
}

void write_manifest(const std::filesystem::path& file, const Manifest& manifest) {
  ManifestWriter w(file, manifest.header);
  for (const auto& e : manifest.entries) w.add(e);
  w.commit();
}

}  // namespace hidato
