// Cairo behind the Canvas interface, and the PDF/SVG surface factories.
#include "render/canvas.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include <cmath>
#include <algorithm>
#include <cstdio>
#include <map>

#include "core/text.hpp"
#include "render/pdf_grey.hpp"
#include "render/render.hpp"

namespace hidato {
namespace {

constexpr double points_per_mm = 72.0 / 25.4;

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

void check(cairo_status_t status, const std::string& path) {
  if (status != CAIRO_STATUS_SUCCESS) throw RenderError(path + ": " + cairo_status_to_string(status));
}

// Owns a surface; finish() flushes it and reports Cairo's status as a RenderError.
class SurfaceHolder {
 public:
  SurfaceHolder(cairo_surface_t* s, std::string path) : s_(s), path_(std::move(path)) {
    check(cairo_surface_status(s_), path_);
  }
  ~SurfaceHolder() { cairo_surface_destroy(s_); }
  SurfaceHolder(const SurfaceHolder&) = delete;
  SurfaceHolder& operator=(const SurfaceHolder&) = delete;
  cairo_surface_t* get() const { return s_; }
  void finish() {
    cairo_surface_finish(s_);
    check(cairo_surface_status(s_), path_);
  }

 private:
  cairo_surface_t* s_;
  std::string path_;
};

class ContextHolder {
 public:
  explicit ContextHolder(cairo_surface_t* s) : cr_(cairo_create(s)) {}
  ~ContextHolder() { cairo_destroy(cr_); }
  ContextHolder(const ContextHolder&) = delete;
  ContextHolder& operator=(const ContextHolder&) = delete;
  cairo_t* get() const { return cr_; }

 private:
  cairo_t* cr_;
};

// Days since 1970-01-01 -> civil date (Howard Hinnant's algorithm).
void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y = static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2 ? 1 : 0);
}

bool is_id_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

// Id names Cairo 1.16's SVG surface numbers from counters (glyph ids carry a dash and are kept).
bool is_counted_name(std::string_view name) {
  static constexpr std::string_view names[] = {"surface", "clip", "mask", "pattern", "image",
                                               "source",  "linear", "radial", "filter"};
  for (const auto n : names)
    if (name == n) return true;
  return false;
}

}  // namespace

Canvas::Canvas(cairo_t* cr)
    : cr_(cr),
      regular_(cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)),
      bold_(cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)) {
  cairo_scale(cr_, points_per_mm, points_per_mm);
  cairo_set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap(cr_, CAIRO_LINE_CAP_ROUND);
  // Unhinted metrics: text widths scale exactly with the font size on every surface.
  cairo_font_options_t* options = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_set_font_options(cr_, options);
  cairo_font_options_destroy(options);
}

Canvas::~Canvas() {
  cairo_font_face_destroy(regular_);
  cairo_font_face_destroy(bold_);
}

void Canvas::fill_polygons(const std::vector<std::vector<Point>>& polygons, double grey) {
  bool any = false;
  for (const auto& corners : polygons) {
    if (corners.empty()) continue;
    cairo_move_to(cr_, corners[0].x, corners[0].y);
    for (std::size_t i = 1; i < corners.size(); ++i) cairo_line_to(cr_, corners[i].x, corners[i].y);
    cairo_close_path(cr_);
    any = true;
  }
  if (!any) return;
  cairo_set_source_rgb(cr_, grey, grey, grey);
  cairo_set_fill_rule(cr_, CAIRO_FILL_RULE_WINDING);  // cells drawn the same way round: their union
  cairo_fill(cr_);
}

void Canvas::stroke_polygon(const std::vector<Point>& corners, double width_mm, double grey) {
  if (corners.empty()) return;
  cairo_move_to(cr_, corners[0].x, corners[0].y);
  for (std::size_t i = 1; i < corners.size(); ++i) cairo_line_to(cr_, corners[i].x, corners[i].y);
  cairo_close_path(cr_);
  cairo_set_source_rgb(cr_, grey, grey, grey);
  cairo_set_line_width(cr_, width_mm);
  cairo_stroke(cr_);
}

void Canvas::stroke_segments(const std::vector<Segment>& segments, double width_mm, double grey) {
  for (const Segment& s : segments) {
    cairo_move_to(cr_, s.a.x, s.a.y);
    cairo_line_to(cr_, s.b.x, s.b.y);
  }
  cairo_set_source_rgb(cr_, grey, grey, grey);
  cairo_set_line_width(cr_, width_mm);
  cairo_stroke(cr_);
}

void Canvas::stroke_polylines(const std::vector<std::vector<Point>>& lines, double width_mm, double grey) {
  for (const auto& line : lines) {
    if (line.size() < 2) continue;
    const bool closed = line.size() > 2 && std::abs(line.front().x - line.back().x) < 1e-9 &&
                        std::abs(line.front().y - line.back().y) < 1e-9;
    cairo_move_to(cr_, line[0].x, line[0].y);
    for (std::size_t i = 1; i + (closed ? 1 : 0) < line.size(); ++i) cairo_line_to(cr_, line[i].x, line[i].y);
    if (closed) cairo_close_path(cr_);
  }
  cairo_set_source_rgb(cr_, grey, grey, grey);
  cairo_set_line_width(cr_, width_mm);
  cairo_stroke(cr_);
}

void Canvas::stroke_polyline(const std::vector<Point>& points, double width_mm, double grey) {
  if (points.size() < 2) return;
  cairo_move_to(cr_, points[0].x, points[0].y);
  for (std::size_t i = 1; i < points.size(); ++i) cairo_line_to(cr_, points[i].x, points[i].y);
  cairo_set_source_rgb(cr_, grey, grey, grey);
  cairo_set_line_width(cr_, width_mm);
  cairo_stroke(cr_);
}

// Among texts of the smallest size the longest is kept: a copyright page shrunk to fit draws its
// every line at one size, and the warning named the book's title, drawn first, not the notice.
void Canvas::note_drawn(std::string_view text, double size_mm) {
  if (text.empty() || size_mm > smallest_.size_mm + 1e-9) return;
  if (size_mm >= smallest_.size_mm - 1e-9 && text.size() <= smallest_.text.size()) return;
  smallest_ = {std::string(text), size_mm};
}

void Canvas::use_font(double size_mm, Weight weight) {
  cairo_set_font_face(cr_, weight == Weight::bold ? bold_ : regular_);
  cairo_set_font_size(cr_, size_mm);
}

namespace {

// The span a text occupies horizontally from its origin: the advance, widened to its ink.
std::pair<double, double> horizontal_span(cairo_t* cr, const std::string& s) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, s.c_str(), &e);
  if (e.width <= 0) return {0, e.x_advance};
  return {std::min(0.0, e.x_bearing), std::max(e.x_advance, e.x_bearing + e.width)};
}

}  // namespace

std::vector<std::string> Canvas::missing_glyphs(std::string_view text, Weight weight) {
  use_font(10, weight);
  cairo_scaled_font_t* font = cairo_get_scaled_font(cr_);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < text.size();) {
    std::uint32_t cp = 0;
    std::size_t len = utf8_char_at(text, i, cp);
    if (len == 0) len = 1, cp = 0xFFFD;  // a stray byte, on its own
    const std::string ch(text.substr(i, len));
    i += len;
    if (cp < 0x20 || std::find(out.begin(), out.end(), ch) != out.end()) continue;
    cairo_glyph_t* glyphs = nullptr;
    int count = 0;
    const cairo_status_t status = cairo_scaled_font_text_to_glyphs(font, 0, 0, ch.c_str(), static_cast<int>(ch.size()),
                                                                   &glyphs, &count, nullptr, nullptr, nullptr);
    if (status != CAIRO_STATUS_SUCCESS || count == 0 || glyphs[0].index == 0) out.push_back(ch);
    cairo_glyph_free(glyphs);
  }
  return out;
}

double Canvas::text_width(std::string_view text, double size_mm, Weight weight) {
  use_font(size_mm, weight);
  const auto [lo, hi] = horizontal_span(cr_, std::string(text));
  return hi - lo;
}

void Canvas::text(std::string_view text, double x, double baseline, double size_mm, Weight weight,
                  Align align) {
  note_drawn(text, size_mm);
  use_font(size_mm, weight);
  const std::string s(text);
  const auto [lo, hi] = horizontal_span(cr_, s);
  const double origin = align == Align::left ? x - lo : align == Align::centre ? x - (lo + hi) / 2 : x - hi;
  cairo_set_source_rgb(cr_, 0, 0, 0);
  cairo_move_to(cr_, origin, baseline);
  cairo_show_text(cr_, s.c_str());
  cairo_new_path(cr_);
}

void Canvas::centred_text(std::string_view text, Point centre, double size_mm, Weight weight,
                          double halo_mm) {
  note_drawn(text, size_mm);
  use_font(size_mm, weight);
  const std::string s(text);
  cairo_text_extents_t e;
  cairo_text_extents(cr_, s.c_str(), &e);
  const double x = centre.x - (e.x_bearing + e.width / 2), y = centre.y - (e.y_bearing + e.height / 2);
  if (halo_mm > 0) {
    cairo_move_to(cr_, x, y);
    cairo_text_path(cr_, s.c_str());
    cairo_set_source_rgb(cr_, 1, 1, 1);
    cairo_set_line_width(cr_, 2 * halo_mm);
    cairo_stroke(cr_);
  }
  cairo_set_source_rgb(cr_, 0, 0, 0);
  cairo_move_to(cr_, x, y);
  cairo_show_text(cr_, s.c_str());
  cairo_new_path(cr_);
}

void Canvas::centred_text_rotated(std::string_view text, Point centre, double size_mm, Weight weight) {
  note_drawn(text, size_mm);
  cairo_save(cr_);
  cairo_translate(cr_, centre.x, centre.y);
  cairo_rotate(cr_, M_PI / 2);
  centred_text(text, {0, 0}, size_mm, weight);
  cairo_restore(cr_);
}

std::string pdf_document(PageSize size, int pages, const std::function<void(Canvas&, int)>& draw,
                         const PdfMetadata& meta, const std::string& path) {
  std::string bytes;
  SurfaceHolder surface(cairo_pdf_surface_create_for_stream(append_to_string, &bytes,
                                                            size.width_mm * points_per_mm,
                                                            size.height_mm * points_per_mm),
                        path);
  // Cairo 1.16 writes the current time as CreationDate unless told otherwise; it writes no /ID.
  const std::string date = iso8601_utc(meta.creation_epoch);
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, date.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_MOD_DATE, date.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, meta.title.c_str());
  if (!meta.author.empty())
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_AUTHOR, meta.author.c_str());
  if (!meta.subject.empty())
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_SUBJECT, meta.subject.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "Hidato Press");
  for (const auto& [title, page] : meta.outline)
    cairo_pdf_surface_add_outline(surface.get(), CAIRO_PDF_OUTLINE_ROOT, title.c_str(),
                                  ("page=" + std::to_string(page)).c_str(), static_cast<cairo_pdf_outline_flags_t>(0));
  {
    ContextHolder cr(surface.get());
    for (int i = 0; i < pages; ++i) {
      cairo_save(cr.get());
      {
        Canvas canvas(cr.get());
        draw(canvas, i);
      }
      cairo_restore(cr.get());
      cairo_show_page(cr.get());
    }
    check(cairo_status(cr.get()), path);
  }
  surface.finish();
  return with_device_grey(bytes, path);
}

std::string svg_document(PageSize size, const std::function<void(Canvas&)>& draw, const std::string& path) {
  std::string bytes;
  SurfaceHolder surface(cairo_svg_surface_create_for_stream(append_to_string, &bytes,
                                                            size.width_mm * points_per_mm,
                                                            size.height_mm * points_per_mm),
                        path);
  {
    ContextHolder cr(surface.get());
    {
      Canvas canvas(cr.get());
      draw(canvas);
    }
    check(cairo_status(cr.get()), path);
  }
  surface.finish();
  return stable_svg_ids(bytes);
}

// Plan: walk the text once; wherever `id="` or `#` is followed by a name Cairo counts process-wide
// and digits (surface12, clip3; glyph ids like glyph0-1 are per document and stay), map that id to
// the same name with a fresh number per name, in order of first appearance. Definitions and references map identically, so the document stays consistent.
std::string stable_svg_ids(const std::string& svg) {
  std::map<std::string, std::string> renamed;
  std::map<std::string, int> next;
  std::string out;
  out.reserve(svg.size());
  std::size_t i = 0;
  while (i < svg.size()) {
    std::size_t start = std::string::npos;
    if (svg.compare(i, 4, "id=\"") == 0) start = i + 4;
    else if (svg[i] == '#') start = i + 1;
    if (start == std::string::npos) { out += svg[i++]; continue; }
    out.append(svg, i, start - i);
    std::size_t name_end = start;
    while (name_end < svg.size() && svg[name_end] >= 'a' && svg[name_end] <= 'z') ++name_end;
    std::size_t end = name_end;
    while (end < svg.size() && svg[end] >= '0' && svg[end] <= '9') ++end;
    const bool numbered = end > name_end && (end == svg.size() || !is_id_char(svg[end])) &&
                          is_counted_name(std::string_view(svg).substr(start, name_end - start));
    if (!numbered) { i = start; continue; }
    const std::string id = svg.substr(start, end - start);
    auto it = renamed.find(id);
    if (it == renamed.end()) {
      const std::string name = svg.substr(start, name_end - start);
      it = renamed.emplace(id, name + std::to_string(++next[name])).first;
    }
    out += it->second;
    i = end;
  }
  return out;
}

std::string iso8601_utc(std::int64_t epoch) {
  const std::int64_t days = (epoch >= 0 ? epoch : epoch - 86399) / 86400;
  const std::int64_t secs = epoch - days * 86400;
  std::int64_t y = 0;
  unsigned m = 0, d = 0;
  civil_from_days(days, y, m, d);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02d:%02d:%02dZ", static_cast<long long>(y), m, d,
                static_cast<int>(secs / 3600), static_cast<int>(secs / 60 % 60), static_cast<int>(secs % 60));
  return buf;
}

}  // namespace hidato
