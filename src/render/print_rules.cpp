// KDP's published paperback numbers, in one place.
#include "render/print_rules.hpp"

#include <cmath>

namespace hidato {

std::optional<Paper> parse_paper(const std::string& name) {
  if (name == "white") return Paper::white;
  if (name == "cream") return Paper::cream;
  return std::nullopt;
}

std::optional<PrintRules> print_rules(const std::string& service) {
  if (service.empty() || service == "none") return PrintRules{};
  if (service == "kdp") return PrintRules{"kdp", 24, 828, true, true, 776};
  return std::nullopt;
}

namespace {

struct TrimLimit {
  double width_in, height_in;
  int white, cream;
};

// KDP's trims whose page maximum is below the general one.
constexpr TrimLimit kdp_trim_limits[] = {
    {8.25, 6.0, 800, 750}, {8.25, 8.25, 800, 750}, {8.5, 8.5, 590, 550}, {8.5, 11.0, 590, 550}, {8.27, 11.69, 780, 730}};

bool near_inches(double mm, double in) { return std::abs(mm / mm_per_inch - in) < 0.01; }

}  // namespace

int page_limit(const PrintRules& rules, double trim_width_mm, double trim_height_mm, Paper paper) {
  if (rules.max_pages <= 0) return 0;
  for (const TrimLimit& t : kdp_trim_limits)
    if (near_inches(trim_width_mm, t.width_in) && near_inches(trim_height_mm, t.height_in))
      return paper == Paper::white ? t.white : t.cream;
  return paper == Paper::white ? rules.max_pages : rules.max_pages_cream;
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
