#pragma once
// Small text helpers every reader shares: one line-ending convention, safe echoing of input in
// messages, and whole numbers parsed with range checks.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hidato {

// `text` with a leading UTF-8 byte order mark removed and CRLF and lone CR turned into LF, so
// every reader accepts files from any platform and counts lines the same way.
std::string normalized_text(std::string_view text);

// `s` safe to print in a message: control bytes, DEL and bytes >= 0x80 become \xNN (a NUL no
// longer cuts the message short, raw binary never reaches the terminal); longer than `max_chars`
// is cut with "...".
std::string printable(std::string_view s, std::size_t max_chars = 40);

// The length of the well-formed UTF-8 sequence at s[i] (1 for ASCII), 0 when there is none (a
// stray byte, an overlong form, a surrogate, past U+10FFFF); its code point in `cp`.
std::size_t utf8_char_at(std::string_view s, std::size_t i, std::uint32_t& cp);
// Well-formed UTF-8 throughout.
bool is_utf8(std::string_view s);

// A whole message made safe for a terminal: control bytes (line breaks and tabs excepted), DEL,
// C1 controls, bidirectional overrides and isolates (each byte) and bytes that are not
// well-formed UTF-8 become \xNN; other UTF-8 text stays as it is (a set called 'Bärenstark'
// reads as such). No length limit.
std::string terminal_text(std::string_view s);
// terminal_text for one line of a written file (a `# key: value` header, `solve`'s `# file:`):
// a line break is escaped too (\x0a), so the text stays on its line and the file reads back.
std::string line_text(std::string_view s);

// A byte below 0x20 (tab and line breaks too) or DEL: what a name or a line of printed text may
// not hold.
bool has_control_character(std::string_view s);

// "1 puzzle", "2 puzzles": `n` and the noun in the number it takes (plural: the noun and 's').
std::string counted(long long n, std::string_view noun);

// ASCII lower case (header keys are matched in any case).
std::string lower_case(std::string_view s);

// Levenshtein distance (insertions, deletions, substitutions), for "did you mean" suggestions.
std::size_t edit_distance(std::string_view a, std::string_view b);

// A whole decimal number (optional sign) that fits a long long; nullopt for anything else,
// including values out of range (never a wrapped or clamped value).
std::optional<long long> parse_whole_number(std::string_view s);

// A whole number in [lo, hi] for the flag or key `what`. Throws InputError
// "WHAT: expected a whole number from LO to HI, got 'TEXT'" (TEXT as written, escaped).
long long parse_number_in(std::string_view s, long long lo, long long hi, const std::string& what);
std::uint64_t parse_unsigned_in(std::string_view s, std::uint64_t lo, std::uint64_t hi, const std::string& what);
// A finite decimal number, the whole of `s` (`0.25`, `+.25`, `1e-1`; no inf, nan or hex), -0 read
// as 0 (a manifest records what was read); nullopt for anything else.
std::optional<double> parse_decimal(std::string_view s);
// A decimal ratio (parse_decimal) in [lo, hi], or [lo, hi) when `below_hi`. Throws InputError
// "WHAT: expected a ratio from LO to HI, got 'TEXT'" (or "of at least LO and below HI").
double parse_ratio_in(std::string_view s, double lo, double hi, bool below_hi, const std::string& what);

}  // namespace hidato
