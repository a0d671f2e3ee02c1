#include "pipeline/yaml_check.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "core/text.hpp"
#include "core/yaml_document.hpp"

namespace hidato::yamlcheck {
namespace {

std::string kind_of(const YAML::Node& n) {
  if (!n.IsDefined() || n.IsNull()) return "nothing";
  if (n.IsSequence()) return "a list";
  if (n.IsMap()) return "a mapping";
  return "'" + printable(n.Scalar()) + "'";
}

bool wrong_kind(const YAML::Node& n, const std::string& path, const char* expected, Problems& p) {
  if (n.IsScalar()) return false;
  p.add(n, path, std::string("expected ") + expected + ", got " + kind_of(n));
  return true;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

std::string shortest(double v) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc() ? std::string(buf, end) : std::to_string(v);
}

}  // namespace

void Problems::add(const YAML::Node& at, const std::string& path, const std::string& message) {
  YAML::Mark m = at.Mark();
  if (at.IsDefined() && at.IsNull())
    for (const auto& [key_path, key_mark] : empty_values_)
      if (key_path == path) m = key_mark;
  // yaml-cpp marks are 0-based; a null mark (-1) means the position is unknown.
  add(m.line >= 0 ? m.line + 1 : 0, m.column >= 0 ? m.column + 1 : 0, path, message);
}

void Problems::add(int line, int col, const std::string& path, const std::string& message) {
  list_.push_back(Problem{line, col, path, message});
}

std::string Problems::report() const {
  // In file order: a reader fixes a config from top to bottom.
  std::vector<Problem> list = list_;
  std::stable_sort(list.begin(), list.end(), [](const Problem& a, const Problem& b) {
    return a.line != b.line ? a.line < b.line : a.col < b.col;
  });
  std::string out;
  if (list_.size() > 1) out = file_ + ": " + std::to_string(list_.size()) + " problems\n";
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Problem& p = list[i];
    out += located(file_, p.line, p.col, p.path.empty() ? p.message : p.path + ": " + p.message);
    if (i + 1 < list_.size()) out += "\n";
  }
  return out;
}

std::optional<std::string> nearest(std::string_view word, const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  std::size_t best_d = std::numeric_limits<std::size_t>::max();
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(lower(std::string(word)), c);
    if (d < best_d) best_d = d, best = c;
  }
  // A typo changes at most a third of the word (and at least one edit is always allowed).
  const std::size_t allowed = std::max<std::size_t>(1, (word.size() + 2) / 3);
  return best_d <= allowed ? best : std::nullopt;
}

std::string suggestion(std::string_view word, const std::vector<std::string>& candidates) {
  if (auto n = nearest(word, candidates)) return " (did you mean '" + *n + "'?)";
  std::string all;
  for (const auto& c : candidates) all += (all.empty() ? "" : ", ") + c;
  return " (expected one of: " + all + ")";
}

void check_keys(const YAML::Node& map, const std::string& path,
                const std::vector<std::string>& allowed, Problems& problems,
                const std::vector<std::string>& reported_elsewhere) {
  SeenKeys seen;
  for (const auto& kv : map) {
    const std::string key = kv.first.IsScalar() ? kv.first.Scalar() : "?";
    const std::string where = path.empty() ? key : path + "." + key;
    if (const auto twice = seen.repeat(kv.first)) {
      problems.add(kv.first, where, *twice);
      continue;
    }
    if (kv.second.IsNull()) problems.empty_value(where, kv.first.Mark());
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    if (std::find(reported_elsewhere.begin(), reported_elsewhere.end(), key) != reported_elsewhere.end()) continue;
    if (key == "<<")  // yaml-cpp reads a merge key as a plain key named '<<'
      problems.add(kv.first, where, "YAML merge keys ('<<: *anchor') are not supported; write the keys out, or put "
                                    "what the sets share under 'defaults:'");
    else
      problems.add(kv.first, where, "unknown key '" + printable(key) + "'" + suggestion(key, allowed));
  }
}

std::optional<std::string> read_string(const YAML::Node& n, const std::string& path, Problems& p) {
  if (wrong_kind(n, path, "text", p)) return std::nullopt;
  if (!is_utf8(n.Scalar())) {  // every text ends up on a page, and Cairo refuses anything else
    p.add(n, path, "text is not valid UTF-8 (save the file as UTF-8)");
    return std::nullopt;
  }
  return n.Scalar();
}

std::optional<bool> read_bool(const YAML::Node& n, const std::string& path, Problems& p) {
  if (wrong_kind(n, path, "true or false", p)) return std::nullopt;
  const std::string s = lower(n.Scalar());
  if (s == "true" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "no" || s == "off") return false;
  p.add(n, path, "expected true or false, got " + kind_of(n));
  return std::nullopt;
}

std::optional<std::int64_t> read_int(const YAML::Node& n, const std::string& path,
                                     std::int64_t lo, std::int64_t hi, Problems& p) {
  if (wrong_kind(n, path, "a whole number", p)) return std::nullopt;
  const std::string& s = n.Scalar();
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  const std::string range = " is out of range (" + std::to_string(lo) + ".." + std::to_string(hi) + ")";
  if (ec == std::errc::result_out_of_range && end == s.data() + s.size()) {  // whole, but past 64 bits
    p.add(n, path, printable(s) + range);
    return std::nullopt;
  }
  if (ec != std::errc() || end != s.data() + s.size()) {
    p.add(n, path, "expected a whole number, got " + kind_of(n));
    return std::nullopt;
  }
  if (v < lo || v > hi) {
    p.add(n, path, std::to_string(v) + range);
    return std::nullopt;
  }
  return v;
}

std::optional<std::uint64_t> read_u64(const YAML::Node& n, const std::string& path, Problems& p) {
  if (wrong_kind(n, path, "a whole number", p)) return std::nullopt;
  const std::string& s = n.Scalar();
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) {
    p.add(n, path, "expected a whole number from 0 to 18446744073709551615, got " + kind_of(n));
    return std::nullopt;
  }
  return v;
}

std::optional<double> read_fraction(const YAML::Node& n, const std::string& path, double lo,
                                    double hi, Problems& p, bool hi_included) {
  if (wrong_kind(n, path, "a number", p)) return std::nullopt;
  const std::string& s = n.Scalar();
  const auto read = parse_decimal(s);
  if (!read) {
    p.add(n, path, "expected a number, got " + kind_of(n));
    return std::nullopt;
  }
  const double v = *read;
  if (v < lo || v > hi || (v == hi && !hi_included)) {
    p.add(n, path, printable(s) + " is out of range (at least " + shortest(lo) + (hi_included ? " and at most " : " and below ") +
                       shortest(hi) + ")");
    return std::nullopt;
  }
  return v;
}

}  // namespace hidato::yamlcheck
