#include "core/text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <vector>

#include "core/errors.hpp"

namespace hidato {

std::string normalized_text(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\r') { out += text[i]; continue; }
    out += '\n';
    if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
  }
  return out;
}

std::string printable(std::string_view s, std::size_t max_chars) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  const bool cut = s.size() > max_chars;
  if (cut) s = s.substr(0, max_chars);
  for (const char ch : s) {
    const auto b = static_cast<unsigned char>(ch);
    if (b >= 0x20 && b < 0x7f) out += ch;
    else out += std::string("\\x") + hex[b >> 4] + hex[b & 15];
  }
  return cut ? out + "..." : out;
}

std::size_t utf8_char_at(std::string_view s, std::size_t i, std::uint32_t& cp) {
  const auto c = static_cast<unsigned char>(s[i]);
  const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || i + len > s.size()) return 0;
  cp = len == 1 ? c : c & (0x7Fu >> len);
  for (std::size_t k = 1; k < len; ++k) {
    const auto d = static_cast<unsigned char>(s[i + k]);
    if ((d >> 6) != 0x2) return 0;
    cp = (cp << 6) | (d & 0x3Fu);
  }
  static constexpr std::uint32_t min_of_len[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < min_of_len[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

bool is_utf8(std::string_view s) {
  std::uint32_t cp = 0;
  for (std::size_t i = 0, len = 0; i < s.size(); i += len)
    if ((len = utf8_char_at(s, i, cp)) == 0) return false;
  return true;
}

std::string terminal_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    std::uint32_t cp = 0;
    const std::size_t len = utf8_char_at(s, i, cp);
    // Bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069) reorder the rest of
    // the line on a terminal: a name could make a message read otherwise than it is.
    const bool bidi = (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
    const bool control = (cp < 0x20 && cp != '\n' && cp != '\t') || (cp >= 0x7f && cp <= 0x9f) || bidi;
    if (len > 0 && !control) {
      out.append(s.substr(i, len));
      i += len;
      continue;
    }
    out += printable(s.substr(i, 1));  // one byte, \xNN
    ++i;
  }
  return out;
}

std::string line_text(std::string_view s) {
  std::string out;
  std::size_t from = 0;
  for (std::size_t nl = s.find('\n'); nl != std::string_view::npos; from = nl + 1, nl = s.find('\n', from))
    out += terminal_text(s.substr(from, nl - from)) + "\\x0a";
  return out + terminal_text(s.substr(from));
}

bool has_control_character(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
  });
}

std::string counted(long long n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

std::string lower_case(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::optional<long long> parse_whole_number(std::string_view s) {
  if (s.starts_with('+')) s.remove_prefix(1);
  if (s.empty() || s.starts_with('+')) return std::nullopt;
  long long v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

namespace {

[[noreturn]] void out_of_range(std::string_view s, const std::string& lo, const std::string& hi,
                               const std::string& what) {
  throw InputError(what + ": expected a whole number from " + lo + " to " + hi + ", got '" + printable(s) + "'");
}

}  // namespace

long long parse_number_in(std::string_view s, long long lo, long long hi, const std::string& what) {
  const auto v = parse_whole_number(s);
  if (!v || *v < lo || *v > hi) out_of_range(s, std::to_string(lo), std::to_string(hi), what);
  return *v;
}

std::uint64_t parse_unsigned_in(std::string_view s, std::uint64_t lo, std::uint64_t hi, const std::string& what) {
  std::string_view digits = s.starts_with('+') ? s.substr(1) : s;
  std::uint64_t v = 0;
  const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (digits.empty() || digits[0] == '-' || ec != std::errc() || p != digits.data() + digits.size() || v < lo || v > hi)
    out_of_range(s, std::to_string(lo), std::to_string(hi), what);
  return v;
}

std::optional<double> parse_decimal(std::string_view s) {
  if (s.starts_with('+')) s.remove_prefix(1);
  if (s.empty() || s.starts_with('+')) return std::nullopt;
  double v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, std::chars_format::general);
  if (ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v + 0.0;
}

double parse_ratio_in(std::string_view s, double lo, double hi, bool below_hi, const std::string& what) {
  const auto v = parse_decimal(s);
  if (!v || !(*v >= lo) || (below_hi ? !(*v < hi) : !(*v <= hi))) {
    std::ostringstream range;
    if (below_hi) range << "of at least " << lo << " and below " << hi;
    else range << "from " << lo << " to " << hi;
    throw InputError(what + ": expected a ratio " + range.str() + ", got '" + printable(s) + "'");
  }
  return *v;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

}  // namespace hidato
