// Page templates from YAML. Every key is checked: unknown keys, wrong types and values out of
// range are reported as "source:line:col: key.path: message" (yaml-cpp marks are 0-based).
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <vector>
#include <fstream>
#include <sstream>

#include "core/errors.hpp"
#include "core/paths.hpp"
#include "core/text.hpp"
#include "core/text_file.hpp"
#include "core/yaml_document.hpp"
#include "render/render.hpp"
#include "render/template.hpp"

namespace hidato {
namespace {

struct Reader {
  std::string source;

  mutable YAML::Mark failed_at;  // where the last fail() pointed (read() orders its problems by it)
  // read()'s list: check_keys adds every unknown or repeated key of a mapping to it and goes on
  // (it stopped at the first one, so a template with two typos was refused twice in two runs).
  using Problems = std::vector<std::pair<YAML::Mark, std::string>>;
  mutable Problems* problems = nullptr;

  std::string at(const YAML::Node& node, const std::string& key, const std::string& msg) const {
    const YAML::Mark m = node.Mark();
    return located(source, m.line + 1, m.column + 1, key + ": " + msg);
  }

  [[noreturn]] void fail(const YAML::Node& node, const std::string& key, const std::string& msg) const {
    failed_at = node.Mark();
    throw InputError(at(node, key, msg));
  }

  void note(const YAML::Node& node, const std::string& key, const std::string& msg) const {
    if (!problems) fail(node, key, msg);
    problems->emplace_back(node.Mark(), at(node, key, msg));
  }

  // Unknown keys and keys given twice (yaml-cpp keeps the first, silently: `page: a4` then
  // `page: letter` made an A4 book), every one of them.
  void check_keys(const YAML::Node& map, const std::string& path,
                  std::initializer_list<const char*> allowed) const {
    if (!map.IsMap()) fail(map, path.empty() ? "template" : path, "expected a mapping");
    SeenKeys seen;
    for (const auto& kv : map) {
      if (!kv.first.IsScalar()) fail(kv.first, path.empty() ? "template" : path, "keys must be plain names");
      const std::string key = kv.first.Scalar();
      const std::string where = path.empty() ? key : path + "." + key;
      if (const auto twice = seen.repeat(kv.first)) {
        note(kv.first, where, *twice);
        continue;
      }
      if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
      std::string list;
      for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      note(kv.first, where, "unknown key (expected one of " + list + ")");
    }
  }

  static bool parse_number(std::string_view s, double& out) {
    if (s.empty()) return false;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
  }

  // A length: a bare number (millimetres) or a number with mm, cm, in or pt.
  double length(const YAML::Node& node, const std::string& key) const {
    const std::string text = node.IsScalar() ? node.Scalar() : std::string();
    static const std::pair<const char*, double> units[] = {
        {"mm", 1.0}, {"cm", 10.0}, {"in", 25.4}, {"pt", 25.4 / 72.0}};
    double value = 0;
    if (parse_number(text, value)) return checked_length(node, key, value);
    for (const auto& [unit, scale] : units) {
      const std::string_view u(unit);
      std::string_view s(text);
      if (!s.ends_with(u)) continue;
      s.remove_suffix(u.size());
      while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
      if (parse_number(s, value)) return checked_length(node, key, value * scale);
    }
    fail(node, key, "expected a length such as 15mm, 0.5in or 12pt, got '" + printable(text) + "'");
  }

  double checked_length(const YAML::Node& node, const std::string& key, double mm) const {
    if (!(mm >= 0) || mm > 2000) fail(node, key, "length out of range (0 to 2000 mm)");
    return mm;
  }

  double number(const YAML::Node& node, const std::string& key, double lo, double hi) const {
    double value = 0;
    if (!node.IsScalar() || !parse_number(node.Scalar(), value))
      fail(node, key, "expected a number, got '" + printable(node.IsScalar() ? node.Scalar() : "") + "'");
    if (!(value >= lo && value <= hi)) {  // NaN too ("nan" read as a number, and failed later)
      std::ostringstream msg;
      msg << "must be between " << lo << " and " << hi;
      fail(node, key, msg.str());
    }
    return value;
  }

  int count(const YAML::Node& node, const std::string& key, std::initializer_list<int> allowed) const {
    const double v = node.IsScalar() ? number(node, key, 0, 1000) : -1;
    for (const int a : allowed)
      if (v == a) return a;
    std::string list;
    for (const int a : allowed) list += (list.empty() ? "" : ", ") + std::to_string(a);
    fail(node, key, "expected one of " + list);
  }

  std::pair<double, double> named_size(const YAML::Node& node) const {
    static const std::pair<const char*, std::pair<double, double>> sizes[] = {
        {"a4", {210, 297}},         {"a5", {148, 210}},
        {"letter", {215.9, 279.4}}, {"8.5x11in", {215.9, 279.4}},
        {"6x9in", {152.4, 228.6}},  {"a4-landscape", {297, 210}}};
    if (node.IsMap()) {
      check_keys(node, "page", {"width", "height"});
      if (!node["width"] || !node["height"]) fail(node, "page", "needs both width and height");
      const double w = length(node["width"], "page.width");
      const double h = length(node["height"], "page.height");
      if (w < 50 || h < 50) fail(node, "page", "a page must be at least 50 mm each way");
      return {w, h};
    }
    std::string name = node.IsScalar() ? node.Scalar() : "";
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const auto& [n, size] : sizes)
      if (name == n) return size;
    fail(node, "page", "unknown page size '" + printable(name) +
                           "' (expected a4, a5, letter, 6x9in, 8.5x11in, a4-landscape or {width, height})");
  }

  void margins(const YAML::Node& node, Margins& m) const {
    check_keys(node, "margins", {"top", "bottom", "inner", "outer"});
    if (node["top"]) m.top = length(node["top"], "margins.top");
    if (node["bottom"]) m.bottom = length(node["bottom"], "margins.bottom");
    if (node["inner"]) m.inner = length(node["inner"], "margins.inner");
    if (node["outer"]) m.outer = length(node["outer"], "margins.outer");
  }

  void cells(const YAML::Node& node, const std::string& key, CellRange& c) const {
    check_keys(node, key, {"min", "min_3_digits", "max"});
    if (node["min"]) c.min = length(node["min"], key + ".min");
    if (node["min_3_digits"]) c.min_3_digits = length(node["min_3_digits"], key + ".min_3_digits");
    else c.min_3_digits = std::max(c.min_3_digits, c.min);
    if (node["max"]) c.max = length(node["max"], key + ".max");
    if (c.min < 1) fail(node, key + ".min", "must be at least 1 mm");
    if (c.max < c.min) fail(node, key + ".max", "must not be smaller than min");
    if (c.min_3_digits < c.min) fail(node, key + ".min_3_digits", "must not be smaller than min");
  }

  // The template's font keys and their fields, in file order.
  static std::array<std::pair<const char*, double*>, 7> font_fields(FontSizes& f) {
    return {{{"title", &f.title},
             {"subtitle", &f.subtitle},
             {"heading", &f.heading},
             {"caption", &f.caption},
             {"body", &f.body},
             {"page_number", &f.page_number},
             {"number", &f.number}}};
  }

  void fonts(const YAML::Node& node, FontSizes& f) const {
    check_keys(node, "fonts", {"title", "subtitle", "heading", "caption", "body", "page_number", "number"});
    for (const auto& [key, field] : font_fields(f))
      if (node[key]) *field = number(node[key], std::string("fonts.") + key, 4, 96);
  }

  // Every font at least min_text (a large-print book printed its captions and page numbers at
  // 14 pt under a 16 pt rule).
  void check_min_text(const YAML::Node& root, PageTemplate t) const {
    for (const auto& [key, field] : font_fields(t.fonts))
      if (const double pt = *field; pt < t.min_text_pt - 1e-9) {
        const YAML::Node n = root["fonts"] && root["fonts"][key] ? root["fonts"][key] : root["min_text"];
        char buf[160];
        std::snprintf(buf, sizeof buf, "%g pt is below min_text (%g pt): every text on the page must be at least that",
                      pt, t.min_text_pt);
        fail(n ? n : root, std::string("fonts.") + key, buf);
      }
  }

  // The content area must leave room for the running head, the footer and a slot.
  void check_fits(const YAML::Node& root, const PageTemplate& t) const {
    const double w = t.width_mm - t.margins.inner - t.margins.outer - t.gutter_mm;
    const double h = t.height_mm - t.margins.top - t.margins.bottom;
    if (w < 30 || h < 40) {
      char size[96];
      std::snprintf(size, sizeof size, "%.1f x %.1f mm", std::max(0.0, w), std::max(0.0, h));
      const bool gutter = t.gutter_mm > 0 && w < 30 && w + t.gutter_mm >= 30;
      fail(root, gutter ? "gutter" : "margins",
           std::string(gutter ? "the gutter and the margins leave " : "leave ") + size +
               " for the content of a page, less than 30 x 40 mm");
    }
  }

  // A template for KDP must be one KDP prints: its trim in range, no margin under 0.25 in (the
  // inside one grows with the page count by itself).
  void check_print_service(const YAML::Node& root, const PageTemplate& t) const {
    if (rules_of(t).service != "kdp") return;
    const auto inches = [](double mm) { return mm / mm_per_inch; };
    const auto outside = [](double v, double lo, double hi) { return v < lo - 0.005 || v > hi + 0.005; };
    if (outside(inches(t.width_mm), kdp_min_width_in, kdp_max_width_in) ||
        outside(inches(t.height_mm), kdp_min_height_in, kdp_max_height_in)) {
      char buf[200];
      std::snprintf(buf, sizeof buf, "%.2f x %.2f in is not a trim KDP prints (4 to 8.5 in wide, 6 to 11.69 in high); "
                    "use print_service: none for another printer", inches(t.width_mm), inches(t.height_mm));
      fail(root["page"] ? root["page"] : root, "page", buf);
    }
    const std::pair<const char*, double> sides[] = {
        {"top", t.margins.top}, {"bottom", t.margins.bottom}, {"outer", t.margins.outer}};
    for (const auto& [side, mm] : sides)
      if (mm < kdp_min_margin_mm - 1e-6) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%.2f mm is below KDP's least margin of 0.25 in (6.35 mm)", mm);
        const YAML::Node m = root["margins"];
        fail(m && m[side] ? m[side] : root, std::string("margins.") + side, buf);
      }
  }

  // Plan: each key is read on its own and its problem collected (a template with three bad keys
  // was refused for the first, then the next, one run at a time); the checks of the whole page
  // run only when every key was read. One InputError lists them all, in file order, as a
  // config's problems are.
  PageTemplate read(const YAML::Node& root) const {
    Problems found;
    struct Detach {  // check_keys throws again once read() is over
      const Reader& reader;
      ~Detach() { reader.problems = nullptr; }
    } detach{*this};
    problems = &found;
    const auto step = [&](const YAML::Node& node, auto&& f) {
      failed_at = node.Mark();
      try {
        f();
      } catch (const InputError& e) {
        found.emplace_back(failed_at, e.what());
      }
    };
    PageTemplate t;
    step(root, [&] {
      check_keys(root, "", {"name", "page", "margins", "gutter", "spacing", "puzzles_per_page", "answers_per_page",
                            "cell", "answer_cell", "fonts", "min_text", "print_service"});
    });
    if (const YAML::Node n = root["name"]) step(n, [&] {
      if (!n.IsScalar()) fail(n, "name", "expected a name");
      t.name = n.Scalar();
    });
    if (const YAML::Node n = root["page"]) step(n, [&] { std::tie(t.width_mm, t.height_mm) = named_size(n); });
    if (const YAML::Node n = root["margins"]) step(n, [&] { margins(n, t.margins); });
    if (const YAML::Node n = root["gutter"]) step(n, [&] { t.gutter_mm = length(n, "gutter"); });
    if (const YAML::Node n = root["spacing"]) step(n, [&] { t.spacing_mm = length(n, "spacing"); });
    if (const YAML::Node n = root["puzzles_per_page"])
      step(n, [&] { t.puzzles_per_page = count(n, "puzzles_per_page", {1, 2, 4, 6}); });
    if (const YAML::Node n = root["answers_per_page"])
      step(n, [&] { t.answers_per_page = static_cast<int>(number(n, "answers_per_page", 1, 64)); });
    if (const YAML::Node n = root["cell"]) step(n, [&] { cells(n, "cell", t.cell); });
    if (const YAML::Node n = root["answer_cell"]) step(n, [&] { cells(n, "answer_cell", t.answer_cell); });
    if (const YAML::Node n = root["fonts"]) step(n, [&] { fonts(n, t.fonts); });
    if (const YAML::Node n = root["min_text"]) step(n, [&] { t.min_text_pt = number(n, "min_text", 4, 96); });
    if (const YAML::Node n = root["print_service"]) step(n, [&] {
      t.print_service = n.IsScalar() ? n.Scalar() : "";
      if (!print_rules(t.print_service)) fail(n, "print_service", "unknown print service '" + printable(t.print_service) + "' (expected kdp or none)");
    });
    if (found.empty()) step(root, [&] { check_min_text(root, t); });
    if (found.empty()) step(root, [&] { check_fits(root, t); });
    if (found.empty()) step(root, [&] { check_print_service(root, t); });
    if (found.empty()) return t;
    if (found.size() == 1) throw InputError(found.front().second);
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
      return a.first.line != b.first.line ? a.first.line < b.first.line : a.first.column < b.first.column;
    });
    std::string all = source + ": " + std::to_string(found.size()) + " problems";
    for (const auto& [where, message] : found) all += "\n" + message;
    throw InputError(all);
  }
};

// "a4, a5, letter, ..." from the shipped templates folder, sorted; empty when it is not found.
std::string shipped_names() {
  std::vector<std::string> names;
  std::error_code ec;
  if (const auto dir = find_data_file("templates/pages"))
    for (const auto& e : std::filesystem::directory_iterator(*dir, ec))
      if (e.path().extension() == ".yaml") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

PrintRules rules_of(const PageTemplate& t) { return print_rules(t.print_service).value_or(PrintRules{}); }

PageTemplate parse_page_template(const std::string& yaml_text, const std::string& source) {
  const YAML::Node root = load_yaml_document(yaml_text, source);
  if (!root.IsMap()) throw InputError(located(source, 1, 1, "template: expected a mapping of keys"));
  return Reader{source, {}}.read(root);
}

bool names_a_template_file(const std::string& name_or_path) {
  return name_or_path.find('/') != std::string::npos || name_or_path.ends_with(".yaml");
}

PageTemplate load_page_template(const std::string& name_or_path) {
  const bool own = names_a_template_file(name_or_path);
  const std::string shipped = "templates/pages/" + name_or_path + ".yaml";
  const std::optional<std::filesystem::path> found = own ? std::filesystem::path(name_or_path) : find_data_file(shipped);
  std::error_code ec;
  if (found && std::filesystem::exists(*found, ec) && !std::filesystem::is_regular_file(*found, ec))
    throw InputError(line_text(found->string()) + ": cannot read the page template: not a regular file");
  if (!found || !std::filesystem::is_regular_file(*found, ec)) {
    const std::string known = shipped_names();
    throw InputError(line_text(name_or_path) + ": page template not found (looked for " +
                     line_text(own ? name_or_path : shipped) + (own ? std::string() : " in " + data_roots_text()) + ")" +
                     (known.empty() ? "" : "; shipped templates: " + known));
  }
  const std::filesystem::path& file = *found;
  PageTemplate t = parse_page_template(read_text_file(file, "page template", max_small_input_bytes), file.string());
  if (t.name.empty()) t.name = file.stem().string();
  return t;
}

}  // namespace hidato
