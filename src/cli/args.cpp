#include "cli/args.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "core/codec.hpp"
#include "core/errors.hpp"
#include "core/text.hpp"
#include "core/text_file.hpp"

namespace hidato::cli {

namespace po = boost::program_options;

namespace {

// "--out --quiet": Boost takes the option's value from the next argument whatever it is, so the
// book went into a folder named '--quiet' (and `render --formats --out X` said only "too many
// positional options"). An option that takes a value and is followed by another option's name
// is refused, naming both; a value that really starts with "--" can be given as --out=--name.
void refuse_option_as_value(const Args& args, const po::options_description& all) {
  std::vector<std::pair<std::string, std::string>> with_value;  // ("-o", "--out"), ("--out", "--out")
  std::vector<std::string> names;                                 // every option, both forms ("-q" too)
  for (const auto& opt : all.options()) {
    const std::string long_name = opt->canonical_display_name(po::command_line_style::allow_long);
    for (int style : {po::command_line_style::allow_long, po::command_line_style::allow_dash_for_short}) {
      const std::string name = opt->canonical_display_name(style);
      if (!name.starts_with("-")) continue;
      names.push_back(name);
      if (opt->semantic()->max_tokens() > 0) with_value.emplace_back(name, long_name);
    }
  }
  const auto is_option = [&](const std::string& a) {
    return a.starts_with("--") || std::find(names.begin(), names.end(), a) != names.end();
  };
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    const auto it = std::find_if(with_value.begin(), with_value.end(), [&](const auto& w) { return w.first == args[i]; });
    if (it == with_value.end() || !is_option(args[i + 1])) continue;
    throw InputError(args[i] + ": missing its value (the next argument, '" + printable(args[i + 1]) +
                     "', is an option; write " + it->second + "=VALUE for a value that looks like an option)");
  }
}

}  // namespace

Parsed parse_command(const Args& args, po::options_description& options, const char* positional_name,
                     int max_count) {
  if (!options.find_nothrow("help", false)) options.add_options()("help,h", "show this help");
  po::options_description all;
  all.add(options);
  po::positional_options_description pos;
  if (positional_name) {
    all.add_options()(positional_name, po::value<std::vector<std::string>>());
    pos.add(positional_name, max_count);
  }
  refuse_option_as_value(args, all);
  Parsed p;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), p.vm);
  po::notify(p.vm);
  // An empty --out '' would otherwise read as "not given": standard output or the default
  // folder, silently; an empty --template or --mask was looked for as templates/pages/.yaml.
  for (const char* name : {"out", "template", "mask"})
    if (p.vm.count(name))
      if (const auto* text = boost::any_cast<std::string>(&p.vm[name].value()); text && text->empty())
        throw InputError(std::string("--") + name + ": expected a " +
                         (std::string(name) == "out" ? "file or folder" : std::string(name) + " file or") +
                         " name, got an empty one");
  p.help = p.vm.count("help") > 0;
  return p;
}

std::vector<std::string> positionals(const Parsed& p, const char* name, const char* command) {
  if (!p.vm.count(name))
    throw InputError(std::string(command) + ": missing " + name + " (try 'hidato " + command + " --help')");
  return p.vm[name].as<std::vector<std::string>>();
}

std::vector<Puzzle> read_puzzle_argument(const std::string& arg, std::size_t position) {
  if (arg == "-") return parse_puzzle_collection(read_text_stream(std::cin, "standard input"), "standard input");
  std::error_code ec;
  const bool description = arg.find(':') != std::string::npos && !std::filesystem::exists(arg, ec);
  if (description) return {parse_description(arg, "argument " + std::to_string(position))};
  return read_puzzle_collection(arg);
}

}  // namespace hidato::cli
