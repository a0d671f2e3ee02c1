#include "cli/args.hpp"

#include <filesystem>
#include <iostream>

#include "core/codec.hpp"
#include "core/errors.hpp"
#include "core/text_file.hpp"

namespace hidato::cli {

namespace po = boost::program_options;

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
  Parsed p;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), p.vm);
  po::notify(p.vm);
  // An empty --out '' would otherwise read as "not given": standard output or the default
  // folder, silently.
  if (p.vm.count("out"))
    if (const auto* text = boost::any_cast<std::string>(&p.vm["out"].value()); text && text->empty())
      throw InputError("--out: expected a file or folder name, got an empty one");
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
