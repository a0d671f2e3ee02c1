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
  int max_pages = 0;     // 0 = no limit; the most any trim allows (see page_limit)
  bool even_pages = false;
  bool answers_on_right = false;
  int max_pages_cream = 0;  // the same on cream paper (thicker)
  bool is_none() const { return service.empty(); }
};

// The rules named by a template's print_service key; nullopt for an unknown name.
std::optional<PrintRules> print_rules(const std::string& service);

// The most pages the service prints on this trim and paper (0: no limit). KDP, black ink: 828 on
// white paper and 776 on cream, but 800 / 750 on 8.25 x 6 and 8.25 x 8.25 in, 590 / 550 on
// 8.5 x 8.5 and 8.5 x 11 in, 780 / 730 on A4 (8.27 x 11.69 in).
int page_limit(const PrintRules& rules, double trim_width_mm, double trim_height_mm, Paper paper);

// KDP's trims (a custom one too): 4 to 8.5 in wide, 6 to 11.69 in high; and its least top, bottom
// and outside margin for a book without bleed.
inline constexpr double kdp_min_width_in = 4, kdp_max_width_in = 8.5;
inline constexpr double kdp_min_height_in = 6, kdp_max_height_in = 11.69;
inline constexpr double kdp_min_margin_mm = 0.25 * 25.4;

// KDP's least inside margin for a book of `pages` pages (24-150: 0.375 in, 151-300: 0.5,
// 301-500: 0.625, 501-700: 0.75, 701 and more: 0.875).
double kdp_inside_margin_mm(int pages);

// The page count after padding: at least min_pages, even when the rules ask for it.
int padded_page_count(const PrintRules& rules, int pages);

// KDP cover sheet: back + spine + front with bleed on every side.
inline constexpr double cover_bleed_mm = 0.125 * mm_per_inch;
inline constexpr double spine_text_clear_mm = 0.0625 * mm_per_inch;  // each side of spine text
inline constexpr int spine_text_min_pages = 79;
// Nor smaller letters than this across the spine (KDP allows text from 79 pages, where the
// spine leaves room for 4.2 pt: a plain spine reads better than such text); from 97 white or
// 87 cream pages on.
inline constexpr double spine_text_min_pt = 6;
double spine_width_mm(int pages, Paper paper);  // pages x 0.002252 in (white) or 0.0025 in (cream)

struct CoverSize {
  double width_mm = 0;   // bleed + back trim + spine + front trim + bleed
  double height_mm = 0;  // bleed + trim height + bleed
  double spine_mm = 0;
};
CoverSize cover_size(double trim_width_mm, double trim_height_mm, int pages, Paper paper);

}  // namespace hidato
