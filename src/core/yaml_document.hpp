#pragma once
// The one YAML reader of the files a user writes (book configs, page templates): exactly one
// document, with the library's parse errors turned into our located InputError at the boundary.
// Header-only: core does not link yaml-cpp; the modules that include this do.
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include "core/errors.hpp"
#include "core/text.hpp"

namespace hidato {

// YAML allows no control character but tab and line breaks, and no DEL. yaml-cpp reads some of
// them as other bytes (a NUL followed by 'b' became a backspace and a space in a title), so the
// first one is refused at its line and column before parsing (the column in bytes, as yaml-cpp
// counts its own, so both kinds of message point the same way into one file).
inline void refuse_control_characters(const std::string& text, const std::string& label) {
  std::size_t line_start = 0;
  int line = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '\n') {
      ++line, line_start = i + 1;
    } else if ((byte < 0x20 && byte != '\t' && byte != '\r') || byte == 0x7f) {
      throw InputError(located(label, line, static_cast<int>(i - line_start) + 1,
                               "control character " + printable(text.substr(i, 1)) + " (not allowed in YAML)"));
    }
  }
}

// Where the quoted scalar that opens at byte `open` of `text` (its quote) closes; npos when it
// never does (YAML's escapes: a backslash in double quotes, '' in single quotes).
inline std::size_t closing_quote(const std::string& text, std::size_t open) {
  const char quote = text[open];
  for (std::size_t i = open + 1; i < text.size(); ++i) {
    if (quote == '"' && text[i] == '\\') {
      ++i;
    } else if (text[i] == quote) {
      if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
        ++i;
      } else {
        return i;
      }
    }
  }
  return std::string::npos;
}

// yaml-cpp takes a quoted scalar whose closing quote never comes as running to the end of the
// file: `title: "Last set` on the last line was read as a title, and a quote left open higher up
// swallowed the rest of the file and was reported as a missing key at 1:1. Refused at the quote.
// `line_starts`: the byte offset of each line's start (found once, not once per scalar).
// `walked`: the collections (by where they start) already walked. An alias is the node it names,
// so walking it again would walk its text again: ten levels of ten aliases each (a 600-byte
// file) made 10^10 visits, and a config of 8 levels took 28 s.
inline void refuse_unterminated_quotes(const YAML::Node& node, const std::string& text,
                                       const std::vector<std::size_t>& line_starts, const std::string& label,
                                       std::set<std::pair<int, int>>& walked) {
  if (node.IsMap() || node.IsSequence()) {
    if (!walked.emplace(node.Mark().line, node.Mark().column).second) return;
    for (const auto& item : node) {
      if (node.IsMap()) {
        refuse_unterminated_quotes(item.first, text, line_starts, label, walked);
        refuse_unterminated_quotes(item.second, text, line_starts, label, walked);
      } else {
        refuse_unterminated_quotes(item, text, line_starts, label, walked);
      }
    }
    return;
  }
  if (!node.IsScalar() || node.Tag() != "!" || node.Mark().is_null()) return;
  const YAML::Mark at = node.Mark();
  if (at.line < 0 || static_cast<std::size_t>(at.line) >= line_starts.size()) return;
  const std::size_t open = line_starts[static_cast<std::size_t>(at.line)] + static_cast<std::size_t>(at.column);
  if (open >= text.size() || (text[open] != '"' && text[open] != '\'')) return;
  if (closing_quote(text, open) == std::string::npos)
    throw InputError(located(label, at.line + 1, at.column + 1,
                             std::string("unterminated quoted string: the ") + text[open] +
                                 " opened here is never closed"));
}

// The line and column (1-based, bytes) of the first tab in a line's indentation, on lines 1 to
// `last_line`: where a YAML parse error comes from a tab (yaml-cpp said only "illegal map value").
inline std::optional<std::pair<int, int>> indenting_tab(const std::string& text, int last_line) {
  int line = 1;
  for (std::size_t start = 0; start < text.size() && line <= last_line; ++line) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view row(text.data() + start, end - start);  // searches stay within the line
    const std::size_t lead = row.find_first_not_of(" \t");
    const std::size_t tab = row.find('\t');
    if (lead != std::string_view::npos && tab < lead) return std::pair{line, static_cast<int>(tab) + 1};  // not a blank line
    start = end + 1;
  }
  return std::nullopt;
}

// The keys met so far in one mapping, for the readers that refuse a key given twice (yaml-cpp
// keeps the first of two silently): configs (yaml_check.cpp) and page templates.
class SeenKeys {
 public:
  // nullopt the first time a key is met; after that "key 'K' given twice (first at line N)".
  std::optional<std::string> repeat(const YAML::Node& key) {
    const std::string name = key.IsScalar() ? key.Scalar() : "?";
    for (const auto& [seen, line] : lines_)
      if (seen == name) return "key '" + name + "' given twice (first at line " + std::to_string(line) + ")";
    lines_.emplace_back(name, key.Mark().line + 1);
    return std::nullopt;
  }

 private:
  std::vector<std::pair<std::string, int>> lines_;
};

// A second document (after '---') would otherwise be dropped without a word: refused at its line.
inline YAML::Node load_yaml_document(const std::string& text, const std::string& label) {
  refuse_control_characters(text, label);
  try {
    const std::vector<YAML::Node> docs = YAML::LoadAll(text);
    if (docs.size() > 1) {
      const YAML::Mark at = docs[1].Mark();
      throw InputError(located(label, at.is_null() ? 0 : at.line + 1, at.is_null() ? 0 : at.column + 1,
                               "a second YAML document (after '---'): the file must hold one"));
    }
    if (docs.empty()) return YAML::Node();
    std::vector<std::size_t> line_starts{0};
    for (std::size_t i = text.find('\n'); i != std::string::npos; i = text.find('\n', i + 1)) line_starts.push_back(i + 1);
    std::set<std::pair<int, int>> walked;
    refuse_unterminated_quotes(docs.front(), text, line_starts, label, walked);
    return docs.front();
  } catch (const YAML::DeepRecursion& e) {  // its own message is "bad file"
    throw InputError(located(label, e.mark.line + 1, e.mark.column + 1,
                             "lists and maps nested too deeply for the YAML reader"));
  } catch (const YAML::Exception& e) {
    if (const auto tab = indenting_tab(text, e.mark.line + 1))
      throw InputError(located(label, tab->first, tab->second,
                               "a tab indents this line: YAML indents with spaces only (the parser said '" + e.msg +
                                   "' at " + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1) + ")"));
    throw InputError(located(label, e.mark.line + 1, e.mark.column + 1, e.msg));
  }
}

}  // namespace hidato
