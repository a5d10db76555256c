// Writes the bash completion script: case patterns "SUB OPTION" grouped by what follows them.
#include "completion_script.h"

#include <map>
#include <sstream>
#include <vector>

namespace kreg::docgen {

namespace {

std::string joined(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

// What the completion does after each "SUB OPTION": the case body, keyed by that body, with its
// patterns (in first-seen order of the bodies).
struct ValueCases {
  std::vector<std::string> bodies;
  std::map<std::string, std::vector<std::string>> patterns;
  void add(const std::string& body, const std::string& pattern) {
    if (patterns.find(body) == patterns.end()) bodies.push_back(body);
    patterns[body].push_back("\"" + pattern + "\"");
  }
};

ValueCases value_cases(const CommandLineDoc& doc) {
  ValueCases cases;
  for (const CommandDoc& c : doc.commands)
    for (const OptionDoc& o : c.options) {
      if (!o.takes_value()) continue;
      std::string body;
      if (!o.values.empty())
        body = "_kreg_reply_words \"" + joined(o.values) + "\" \"$cur\"";
      else if (o.takes_file())
        body = "_kreg_reply_files \"$cur\"";
      else
        body = ":  # a value kreg cannot guess";
      for (const auto& name : o.names) cases.add(body, c.name + " " + name);
    }
  return cases;
}

}  // namespace

std::string bash_completion(const CommandLineDoc& doc) {
  std::vector<std::string> commands, top;
  for (const CommandDoc& c : doc.commands) commands.push_back(c.name);
  for (const OptionDoc& o : doc.options) top.insert(top.end(), o.names.begin(), o.names.end());
  std::ostringstream out;
  out << "# bash completion for kreg(1): subcommands, their options, and the values of options that\n"
         "# take a fixed set of them. Written by kreg_docgen from kreg's command-line definition: do not edit.\n\n"
         "_kreg_reply_words() {\n"
         "  mapfile -t COMPREPLY < <(compgen -W \"$1\" -- \"$2\")\n"
         "}\n\n"
         "_kreg_reply_files() {\n"
         "  compopt -o filenames 2>/dev/null\n"
         "  mapfile -t COMPREPLY < <(compgen -f -- \"$1\")\n"
         "}\n\n"
         "_kreg() {\n"
         "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" sub=\"\" i\n"
         "  COMPREPLY=()\n"
         "  ((COMP_CWORD > 0)) && prev=\"${COMP_WORDS[COMP_CWORD - 1]}\"\n"
         "  # --option=value: bash splits the word at '='\n"
         "  if [[ $cur == \"=\" ]]; then\n"
         "    cur=\"\"\n"
         "  elif [[ $prev == \"=\" ]] && ((COMP_CWORD > 1)); then\n"
         "    prev=\"${COMP_WORDS[COMP_CWORD - 2]}\"\n"
         "  fi\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    case \"${COMP_WORDS[i]}\" in\n"
         "      -*) ;;\n"
         "      *) sub=\"${COMP_WORDS[i]}\"; break ;;\n"
         "    esac\n"
         "  done\n"
         "  if [[ -z $sub ]]; then\n"
         "    _kreg_reply_words \""
      << joined(commands) << " " << joined(top)
      << "\" \"$cur\"\n"
         "    return 0\n"
         "  fi\n"
         "  case \"$sub $prev\" in\n";
  const ValueCases cases = value_cases(doc);
  for (const auto& body : cases.bodies) {
    const auto& patterns = cases.patterns.at(body);
    out << "    ";
    for (std::size_t i = 0; i < patterns.size(); ++i) out << (i == 0 ? "" : " | \\\n      ") << patterns[i];
    out << ")\n      " << body << "\n      return 0\n      ;;\n";
  }
  out << "  esac\n";
  // Options that take several files (FILE ...): a word after one of their files, not starting
  // with '-', is one more file.
  std::vector<std::string> multi_file;
  for (const CommandDoc& c : doc.commands)
    for (const OptionDoc& o : c.options)
      if (o.takes_files())
        for (const auto& name : o.names) multi_file.push_back("\"" + c.name + " " + name + "\"");
  if (!multi_file.empty()) {
    out << "  if [[ $cur != -* ]]; then\n"
           "    for ((i = COMP_CWORD - 1; i > 1; i--)); do\n"
           "      [[ ${COMP_WORDS[i]} == -* ]] || continue\n"
           "      case \"$sub ${COMP_WORDS[i]}\" in\n"
           "        ";
    for (std::size_t i = 0; i < multi_file.size(); ++i) out << (i == 0 ? "" : " | ") << multi_file[i];
    out << ")\n"
           "          _kreg_reply_files \"$cur\"\n"
           "          return 0\n"
           "          ;;\n"
           "      esac\n"
           "      break\n"
           "    done\n"
           "  fi\n";
  }
  out << "  case \"$sub\" in\n";
  for (const CommandDoc& c : doc.commands) {
    std::vector<std::string> names;
    for (const OptionDoc& o : c.options) names.insert(names.end(), o.names.begin(), o.names.end());
    out << "    " << c.name << ") _kreg_reply_words \"" << joined(names) << "\" \"$cur\" ;;\n";
  }
  out << "  esac\n  return 0\n}\n\ncomplete -F _kreg kreg\n";
  return out.str();
}

}  // namespace kreg::docgen
