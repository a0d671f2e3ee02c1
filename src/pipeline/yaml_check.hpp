#pragma once
// Small helpers for validating YAML: a problem list with source locations, typed scalar reads
// that record a problem instead of throwing, and nearest-key suggestions (Levenshtein).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace hidato::yamlcheck {

struct Problem {
  int line = 0;  // 1-based
  int col = 0;
  std::string path;     // key path, e.g. sets[2].shape
  std::string message;
};

class Problems {
 public:
  explicit Problems(std::string file) : file_(std::move(file)) {}
  // At the node's position; an empty value (`rows:` and nothing) at its key, when check_keys saw
  // it (yaml-cpp places empty values at the next token, which may be lines further on).
  void add(const YAML::Node& at, const std::string& path, const std::string& message);
  void add(int line, int col, const std::string& path, const std::string& message);
  // The key at `key_mark` has an empty value: problems of `path` are reported at the key.
  void empty_value(const std::string& path, const YAML::Mark& key_mark) { empty_values_.emplace_back(path, key_mark); }
  bool empty() const { return list_.empty(); }
  std::size_t size() const { return list_.size(); }
  // "FILE: N problems" followed by one located line per problem (just the line when N == 1).
  std::string report() const;

 private:
  std::string file_;
  std::vector<Problem> list_;
  std::vector<std::pair<std::string, YAML::Mark>> empty_values_;  // key path -> the key's mark
};

// The candidate nearest to `word` when it is close enough to be a likely typo.
std::optional<std::string> nearest(std::string_view word, const std::vector<std::string>& candidates);
// " (did you mean 'x'?)" or " (expected one of: a, b, c)".
std::string suggestion(std::string_view word, const std::vector<std::string>& candidates);

// Reports every key of `map` not in `allowed` (with a nearest-key suggestion), except those in
// `reported_elsewhere` (keys the caller refuses with a message of its own).
void check_keys(const YAML::Node& map, const std::string& path,
                const std::vector<std::string>& allowed, Problems& problems,
                const std::vector<std::string>& reported_elsewhere = {});

// Typed reads: nullopt (and a problem recorded) when the node is not of that type or out of range.
std::optional<std::string> read_string(const YAML::Node& n, const std::string& path, Problems& p);
std::optional<bool> read_bool(const YAML::Node& n, const std::string& path, Problems& p);
std::optional<std::int64_t> read_int(const YAML::Node& n, const std::string& path,
                                     std::int64_t lo, std::int64_t hi, Problems& p);
std::optional<std::uint64_t> read_u64(const YAML::Node& n, const std::string& path, Problems& p);
// Half-open [lo, hi), or closed [lo, hi] with `hi_included`.
std::optional<double> read_fraction(const YAML::Node& n, const std::string& path, double lo,
                                    double hi, Problems& p, bool hi_included = false);

}  // namespace hidato::yamlcheck
