// The values an `aperf report` tarball shows, from its data/js/*.js files, for a run whose record
// archive the report does not embed (data/archive/<run>.tar.gz is how Runlens reads a report's
// runs whenever it can: the raw record holds every value at full precision and exact times).
//
// Each file is `processed_<name>_data = <JSON>` (then, in newer APERFs, `<name>_findings = ...`);
// runs.js is `runs_raw = [...]`. The processed values lose what the record had: APerf truncated
// them to 2 decimals, put them on a whole-second axis counted from the first sample, and showed a
// made-up 0 for the first sample of every counter. They come in as APerf shows them, under
// Runlens ids where the meaning is the same (CPU states, PMU metrics, memory), else under
// aperf.<source>.<metric>, and the run's import notes say so.
#pragma once

#include "RunArchive.h"

#include <map>
#include <string>
#include <vector>

namespace aperf {

// The JSON of a data/js file: the value after `<variable> =` up to a following findings
// assignment. Throws FormatError naming `fileName` when it is not that.
nlohmann::json reportScriptJson(const std::string& script, const std::string& fileName);

// The run names runs.js lists (APerf ≤ 1.2: ["a", "b"]; 1.3: [{"name": "a", ...}, ...]).
std::vector<std::string> reportRunNames(const std::string& runsScript);

// One run from the report's scripts (data/js file stem -> text). `source` names the report in
// messages and the manifest. Throws FormatError when the scripts hold no value of the run.
runlens::format::RunArchive importReportRun(const std::map<std::string, std::string>& scripts, const std::string& run,
                                            const std::string& source);

} // namespace aperf
