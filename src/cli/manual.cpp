#include "cli/manual.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <stdexcept>

#include "slidegif/version.hpp"

namespace slidegif::cli {
namespace {

// One option as the manual and the completions see it.
struct OptionInfo {
  std::vector<std::string> names;    // "-o", "--output"; empty for a positional
  std::string positional;            // "START" for a positional
  bool takes_value = false;          // a flag takes none
  std::string value_name;            // "INT", "TEXT", "FLOAT"
  std::vector<std::string> choices;  // from a CLI::IsMember check: {classic,dark,mint}
  std::string range;                 // from a CLI::Range check: "[16 - 256]"
  std::string default_value;
  std::string description;
};

// One command: "" for slidegif itself, "solve", "pdb build".
struct CommandInfo {
  std::string path;
  std::string description;
  std::vector<OptionInfo> options;
  std::vector<std::string> subcommands;              // the names right below this one
  std::vector<std::string> subcommand_descriptions;  // theirs, in the same order
};

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == sep) {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

// CLI11's full type name is "TYPE" then ":" and each check's description, e.g.
// "TEXT:{classic,dark,mint}" or "INT:INT in [16 - 256]".
OptionInfo option_info(const CLI::Option& o) {
  OptionInfo info;
  for (const auto& s : o.get_snames()) info.names.push_back("-" + s);
  for (const auto& l : o.get_lnames()) info.names.push_back("--" + l);
  if (info.names.empty()) info.positional = o.get_name(true);
  info.takes_value = o.get_items_expected_max() > 0;
  info.description = o.get_description();
  info.default_value = o.get_default_str();
  const std::string type = o.get_type_name();
  info.value_name = type.substr(0, type.find(':'));
  if (const auto open = type.find('{'), close = type.find('}');
      open != std::string::npos && close != std::string::npos && close > open) {
    info.choices = split(type.substr(open + 1, close - open - 1), ',');
  }
  if (const auto open = type.find('['), close = type.find(']');
      open != std::string::npos && close != std::string::npos && close > open) {
    info.range = type.substr(open, close - open + 1);
  }
  return info;
}

void collect(const CLI::App& app, const std::string& path, std::vector<CommandInfo>& out) {
  CommandInfo command;
  command.path = path;
  command.description = app.get_description();
  for (const CLI::Option* o : app.get_options()) command.options.push_back(option_info(*o));
  const auto subs = app.get_subcommands([](const CLI::App*) { return true; });
  for (const CLI::App* sub : subs) {
    command.subcommands.push_back(sub->get_name());
    command.subcommand_descriptions.push_back(sub->get_description());
  }
  out.push_back(std::move(command));
  for (const CLI::App* sub : subs)
    collect(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), out);
}

std::vector<CommandInfo> commands_of(const CLI::App& app) {
  std::vector<CommandInfo> all;
  collect(app, "", all);
  return all;
}

std::string join(const std::vector<std::string>& words, std::string_view sep) {
  return fmt::format("{}", fmt::join(words, sep));
}

// A value of text without fixed choices may be a file name (boards and titles are text too,
// but offering files there costs nothing); numbers complete to nothing.
bool wants_files(const OptionInfo& o) {
  return o.takes_value && o.choices.empty() && o.value_name == "TEXT";
}

// ---- bash ------------------------------------------------------------------------------
std::string bash_script(const std::vector<CommandInfo>& commands) {
  std::string paths, words, values;
  for (const auto& c : commands) {
    if (!c.path.empty()) paths += fmt::format(" \"{}\"", c.path);
    std::vector<std::string> w = c.subcommands;
    for (const auto& o : c.options) w.insert(w.end(), o.names.begin(), o.names.end());
    words += fmt::format("    \"{}\") words=\"{}\" ;;\n", c.path, join(w, " "));
    for (const auto& o : c.options) {
      if (!o.takes_value || o.names.empty()) continue;
      for (const auto& n : o.names) {
        const std::string action =
            !o.choices.empty()
                ? fmt::format("COMPREPLY=($(compgen -W \"{}\" -- \"$cur\"))", join(o.choices, " "))
            : wants_files(o) ? std::string(":")  // nothing: -o default offers file names
                             : std::string("compopt +o default");
        values += fmt::format("    \"{}|{}\") {}; return 0 ;;\n", c.path, n, action);
      }
    }
  }
  return fmt::format(
      R"(# bash completion for slidegif, generated from its command-line definitions.
_slidegif() {{
  local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}}
  local at="" i candidate known words=""
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    candidate="${{at:+$at }}${{COMP_WORDS[i]}}"
    for known in{}; do
      [[ $candidate == "$known" ]] && at=$candidate
    done
  done
  case "$at|$prev" in
{}  esac
  case "$at" in
{}  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}}
complete -o default -F _slidegif slidegif
)",
      paths, values, words);
}

// ---- zsh -------------------------------------------------------------------------------
std::string zsh_quote(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '\'')
      out += "'\\''";
    else if (ch == ':')
      out += "\\:";
    else
      out += ch;
  }
  return out;
}

std::string zsh_script(const std::vector<CommandInfo>& commands) {
  std::string paths, described, values;
  for (const auto& c : commands) {
    if (!c.path.empty()) paths += fmt::format(" '{}'", c.path);
    std::string entries;
    for (std::size_t i = 0; i < c.subcommands.size(); ++i) {
      entries += fmt::format(" '{}:{}'", c.subcommands[i], zsh_quote(c.subcommand_descriptions[i]));
    }
    for (const auto& o : c.options)
      for (const auto& n : o.names) entries += fmt::format(" '{}:{}'", n, zsh_quote(o.description));
    described += fmt::format("    ('{}') entries=({}) ;;\n", c.path, entries);
    for (const auto& o : c.options) {
      if (!o.takes_value || o.names.empty()) continue;
      for (const auto& n : o.names) {
        const std::string action = !o.choices.empty() ? "compadd -- " + join(o.choices, " ")
                                   : wants_files(o)   ? std::string("_files")
                                                      : "_message " + o.value_name;
        values += fmt::format("    ('{}|{}') {}; return ;;\n", c.path, n, action);
      }
    }
  }
  return fmt::format(
      R"(#compdef slidegif
# zsh completion for slidegif, generated from its command-line definitions.
_slidegif() {{
  local at="" candidate known i
  local -a entries
  for ((i = 2; i < CURRENT; i++)); do
    candidate="${{at:+$at }}${{words[i]}}"
    for known in{}; do
      [[ $candidate == "$known" ]] && at=$candidate
    done
  done
  case "$at|${{words[CURRENT-1]}}" in
{}  esac
  case "$at" in
{}  esac
  _describe -t commands 'slidegif' entries
}}
_slidegif "$@"
)",
      paths, values, described);
}

// ---- fish ------------------------------------------------------------------------------
std::string fish_quote(const std::string& text) {
  std::string out = "'";
  for (char ch : text) {
    if (ch == '\'' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "'";
}

std::string fish_script(const std::vector<CommandInfo>& commands) {
  std::string out =
      "# fish completion for slidegif, generated from its command-line definitions.\n"
      "complete -c slidegif -f\n";
  for (const auto& c : commands) {
    // The condition that the command line is at c.path: each of its words seen, and none of
    // the subcommands below it.
    std::string condition = c.path.empty() ? "__fish_use_subcommand" : "";
    for (const auto& word : split(c.path, ' ')) {
      if (word.empty()) continue;
      condition +=
          fmt::format("{}__fish_seen_subcommand_from {}", condition.empty() ? "" : "; and ", word);
    }
    if (!c.path.empty() && !c.subcommands.empty())
      condition +=
          fmt::format("; and not __fish_seen_subcommand_from {}", join(c.subcommands, " "));
    for (std::size_t i = 0; i < c.subcommands.size(); ++i) {
      out += fmt::format("complete -c slidegif -n {} -a {} -d {}\n", fish_quote(condition),
                         c.subcommands[i], fish_quote(c.subcommand_descriptions[i]));
    }
    for (const auto& o : c.options) {
      if (o.names.empty()) continue;
      std::string spec;
      for (const auto& n : o.names)
        spec += n.rfind("--", 0) == 0 ? fmt::format(" -l {}", n.substr(2))
                                      : fmt::format(" -s {}", n.substr(1));
      if (!o.choices.empty())
        spec += fmt::format(" -x -a {}", fish_quote(join(o.choices, " ")));
      else if (wants_files(o))
        spec += " -r -F";
      out += fmt::format("complete -c slidegif -n {}{} -d {}\n", fish_quote(condition), spec,
                         fish_quote(o.description));
    }
  }
  return out;
}

// ---- roff ------------------------------------------------------------------------------
std::string roff(const std::string& text) {
  std::string out;
  bool line_start = true;
  for (char ch : text) {
    if (line_start && (ch == '.' || ch == '\'')) out += "\\&";
    if (ch == '\\')
      out += "\\e";
    else if (ch == '-')
      out += "\\-";
    else
      out += ch;
    line_start = ch == '\n';
  }
  return out;
}

std::string option_line(const OptionInfo& o) {
  std::vector<std::string> names;
  for (const auto& n : o.names) names.push_back(fmt::format("\\fB{}\\fR", roff(n)));
  std::string line =
      o.names.empty() ? fmt::format("\\fI{}\\fR", roff(o.positional)) : join(names, ", ");
  if (o.takes_value && !o.names.empty()) {
    line += " \\fI" + roff(o.choices.empty() ? o.value_name : "{" + join(o.choices, ",") + "}") +
            "\\fR";
  }
  return line;
}

std::string option_text(const OptionInfo& o) {
  std::string text = roff(o.description);
  if (!o.range.empty()) text += roff(fmt::format(" (range {})", o.range));
  if (!o.default_value.empty() && o.description.find("default") == std::string::npos)
    text += roff(fmt::format(" (default: {})", o.default_value));
  return text;
}

constexpr const char* kManualTail = R"(.SH BOARDS
A board lists its tiles row by row; 0 or _ is the blank.
One digit per tile: \fB283104765\fR (boards of up to 10 cells).
Numbers separated by commas or spaces, any size: \fB2,8,3,1,0,4,7,6,5\fR.
Rows separated by /: \fB283/104/765\fR, \fB1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,0\fR.
Square sizes follow from the tile count; rectangular boards take their shape from the / rows or
from \fB\-\-size\fR \fIR\fRx\fIC\fR (2 to 16 rows and columns).
The default goal is 1 ... N\-1 in row-major order with the blank last.
A move is named by the direction the \fIblank\fR goes: U, D, L, R.
.PP
Solvability is decided by the parity theorem: with an odd width, start and goal are mutually
reachable exactly when their inversion counts (blank left out) have the same parity; with an
even width, when the parities of inversions plus the blank's row match.
\fBslidegif check\fR prints the verdict with the counts.
.SH OPTIMALITY
3x3 and smaller boards are answered optimally from an exact distance table.
Boards of 12 to 16 cells (4x4, 3x4, 2x8, 3x5, ...) are solved optimally by IDA* over pattern
databases, built on first use (a few seconds; \fBslidegif pdb build\fR ahead of time).
The strongest are the zero\-aware ones (\fBslidegif pdb build \-\-set zero\-aware\fR; 4x4's is
584 MB, about 4 minutes and 3 GB of memory to build), whose entries also tell where the
blank is: used whenever present, and the fastest on 4x4. One built by an earlier slidegif (4
bits an entry, 2.3 GB) is ignored with a note until built again. A set that needs more memory to build than the process may
use (the machine's, its control group's limit, \fBulimit\fR) is refused with its cost first.
5x5 is optimal only with its large database (\fBslidegif pdb build \-\-size 5x5\fR, minutes)
or its zero\-aware one (\fB\-\-size 5x5 \-\-set zero\-aware\fR: 1.2 GB, about 5 minutes and
3.7 GB of memory to build, the stronger) and a budget large enough. Past \fB\-\-max\-seconds\fR, and on boards over 16 cells, the answer
is the best found, marked "not optimal" in the summary, the JSON and the GIF.
.PP
In the multi\-tile metric (\fB\-\-metric mtm\fR) boards of 12 to 16 cells use the
multi\-tile database (\fBslidegif pdb build \-\-set mtm\fR; 4x4's is 115 MB, about 8 s to
build, asked about first or built with \fB\-\-yes\fR). Without it the walking distance proves a
4x4 only within about 30 moves.
.SH FILES
.TP
\fI$XDG_CACHE_HOME/slidegif/\fR (default \fI~/.cache/slidegif/\fR)
Pattern databases (\fI*.pdb\fR, 6 MB to 584 MB each), distance tables (\fI*.dist\fR), the
move-pieces file for the web programs (\fImove\-pieces.bin\fR), and a trust stamp (\fI*.ok\fR)
beside each. \fBslidegif pdb status\fR lists them, and says of a damaged set whether a solve
builds it again when it needs it or ignores it until \fBslidegif pdb build\fR replaces it;
\fBslidegif pdb clean\fR removes them.
.TP
\fI/usr/share/slidegif/\fR
The shipped fonts (their licences), samples and the web pages.
.SH ENVIRONMENT
.TP
.B SLIDEGIF_PDB_DIR
Where the pattern databases and tables are (overrides the cache directory; \fB\-\-pdb\-dir\fR
overrides it).
.TP
.B XDG_CACHE_HOME
The cache directory's parent (default \fI~/.cache\fR).
.TP
.BR LC_ALL ", " LC_MESSAGES ", " LANG
The captions' language when \fB\-\-lang\fR is not given (zh_CN.UTF\-8 gives Chinese).
.SH EXIT STATUS
0 success; 1 failure (input/output, rendering, a failed batch line); 2 bad input or usage;
3 unsolvable (also \fBcheck\fR's answer for an unsolvable pair).
.SH EXAMPLES
.nf
slidegif solve 867254301 \-o hardest.gif
slidegif solve 283104765 \-\-goal 123804765 \-\-json
slidegif random \-\-size 4 \-\-seed 7 \-\-theme dark \-o r.gif
slidegif check 213456780
slidegif solve \-\-batch puzzles.txt \-\-jobs 2
slidegif explore \-\-size 3 \-\-plot dist.png
slidegif random \-\-moves 20
slidegif compare 867254301 \-\-algorithms bfs,astar,idastar\-lc
slidegif explain 758342160 \-\-algorithm idastar \-\-show\-heuristic manhattan \-o ida.gif
slidegif explain 152703846 \-\-tree \-o tree.svg
.fi
.SH SEE ALSO
\fBslidegif.fcgi\fR(8), \fI/usr/share/doc/slidegif/README.md\fR
)";

}  // namespace

std::vector<std::string> completion_shells() {
  return {"bash", "zsh", "fish"};
}

std::string completion_script(const CLI::App& app, std::string_view shell) {
  const auto commands = commands_of(app);
  if (shell == "bash") return bash_script(commands);
  if (shell == "zsh") return zsh_script(commands);
  if (shell == "fish") return fish_script(commands);
  throw std::invalid_argument(fmt::format("no completion for the shell '{}'", shell));
}

std::string man_page(const CLI::App& app) {
  const auto commands = commands_of(app);
  std::string page = fmt::format(
      ".TH SLIDEGIF 1 \"\" \"slidegif {}\" \"User Commands\"\n"
      ".SH NAME\nslidegif \\- solve sliding\\-tile puzzles optimally and render the solution "
      "as an animated GIF\n"
      ".SH SYNOPSIS\n.B slidegif\n.I command\n[\\fIoptions\\fR]\n.br\n"
      ".B slidegif\n.BR \\-\\-help \" | \" \\-\\-version\n"
      ".SH DESCRIPTION\n{}\n.PP\nEvery command takes \\fB\\-h\\fR, \\fB\\-\\-help\\fR.\n"
      ".SH COMMANDS\n",
      SLIDEGIF_VERSION, roff(app.get_description()));
  for (const auto& c : commands) {
    if (c.path.empty() || !c.subcommands.empty()) continue;  // "pdb" only groups its own
    std::string usage = "slidegif " + c.path;
    for (const auto& o : c.options)
      if (!o.positional.empty()) usage += " [" + o.positional + "]";
    page += fmt::format(".SS \"{} [options]\"\n{}\n", roff(usage), roff(c.description));
    for (const auto& o : c.options) {
      if (o.names.size() == 2 && o.names[1] == "--help") continue;
      page += fmt::format(".TP\n{}\n{}\n", option_line(o), option_text(o));
    }
  }
  return page + kManualTail;
}

std::string man_page_from_template(const std::string& page_template, const CLI::App& app) {
  std::string options;
  for (const CLI::Option* o : app.get_options()) {
    const OptionInfo info = option_info(*o);
    options += fmt::format(".TP\n{}\n{}\n", option_line(info), option_text(info));
  }
  const std::string marker = "@OPTIONS@\n";
  const auto at = page_template.find(marker);
  if (at == std::string::npos)
    throw std::invalid_argument("the man page template has no @OPTIONS@");
  return page_template.substr(0, at) + options + page_template.substr(at + marker.size());
}

}  // namespace slidegif::cli
