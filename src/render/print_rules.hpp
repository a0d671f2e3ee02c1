#pragma once
// A print service's rules (today: Amazon KDP paperback), as pure functions of the page count:
// the inside (gutter) margin, the page count a book is padded to, and the cover sheet's size.
// Inches are KDP's unit; everything returned is millimetres.
#include <optional>
#include <string>

namespace hidato {

inline constexpr double mm_per_inch = 25.4;

enum class Paper { white, cream };
std::optional<Paper> parse_paper(const std::string& name);  // "white", "cream"

struct PrintRules {
  std::string service;   // "kdp", or "" for none
  int min_pages = 0;     // pad with notes pages up to this
  int max_pages = 0;     // 0 = no limit
  bool even_pages = false;
  bool answers_on_right = false;
  bool is_none() const { return service.empty(); }
};

// The rules named by a template's print_service key; nullopt for an unknown name.
std::optional<PrintRules> print_rules(const std::string& service);

// KDP's least inside margin for a book of `pages` pages (24-150: 0.375 in, 151-300: 0.5,
// 301-500: 0.625, 501-700: 0.75, 701 and more: 0.875).
double kdp_inside_margin_mm(int pages);

// The page count after padding: at least min_pages, even when the rules ask for it.
int padded_page_count(const PrintRules& rules, int pages);

// KDP cover sheet: back + spine + front with bleed on every side.
inline constexpr double cover_bleed_mm = 0.125 * mm_per_inch;
inline constexpr double spine_text_clear_mm = 0.0625 * mm_per_inch;  // each side of spine text
inline constexpr int spine_text_min_pages = 79;
double spine_width_mm(int pages, Paper paper);  // pages x 0.002252 in (white) or 0.0025 in (cream)

struct CoverSize {
  double width_mm = 0;   // bleed + back trim + spine + front trim + bleed
  double height_mm = 0;  // bleed + trim height + bleed
  double spine_mm = 0;
};
CoverSize cover_size(double trim_width_mm, double trim_height_mm, int pages, Paper paper);

}  // namespace hidato
