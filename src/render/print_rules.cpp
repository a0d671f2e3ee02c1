// KDP's published paperback numbers, in one place.
#include "render/print_rules.hpp"

namespace hidato {

std::optional<Paper> parse_paper(const std::string& name) {
  if (name == "white") return Paper::white;
  if (name == "cream") return Paper::cream;
  return std::nullopt;
}

std::optional<PrintRules> print_rules(const std::string& service) {
  if (service.empty() || service == "none") return PrintRules{};
  if (service == "kdp") return PrintRules{"kdp", 24, 828, true, true};
  return std::nullopt;
}

double kdp_inside_margin_mm(int pages) {
  const double in = pages <= 150 ? 0.375 : pages <= 300 ? 0.5 : pages <= 500 ? 0.625 : pages <= 700 ? 0.75 : 0.875;
  return in * mm_per_inch;
}

int padded_page_count(const PrintRules& rules, int pages) {
  int n = pages < rules.min_pages ? rules.min_pages : pages;
  if (rules.even_pages && n % 2 == 1) ++n;
  return n;
}

double spine_width_mm(int pages, Paper paper) {
  return pages * (paper == Paper::white ? 0.002252 : 0.0025) * mm_per_inch;
}

CoverSize cover_size(double trim_width_mm, double trim_height_mm, int pages, Paper paper) {
  const double spine = spine_width_mm(pages, paper);
  return {cover_bleed_mm + trim_width_mm + spine + trim_width_mm + cover_bleed_mm,
          cover_bleed_mm + trim_height_mm + cover_bleed_mm, spine};
}

}  // namespace hidato
