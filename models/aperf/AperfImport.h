// Opens APerf (aws/aperf) runs as Runlens runs: an `aperf record` archive is one run, an
// `aperf report` tarball is one run per record archive it embeds. The series get runlens-rec's
// metric ids (AperfProcTexts), the host facts (sysctl, kernel config, system info) the places
// runlens-rec puts them, so that comparability warnings and host findings work across the tools,
// and folded stacks (collapse.out) or `perf script` text (script.out) become the run's profile.
//
// A data file that cannot be read costs only that source: the run opens, and its manifest's
// "import" section lists what was skipped and why (and which profile data is there but not read).
#pragma once

#include "RunArchive.h"

#include <string>
#include <vector>

namespace aperf {

// Whether Runlens opens the file as APerf runs (a record archive or a report tarball). Never throws.
bool isAperfFile(const std::string& path);

// The runs of an APerf file. Throws FormatError with a sentence naming the file when it is not an
// APerf run, is of the YAML era (APerf ≤ 0.1.6) or cannot be read at all.
std::vector<runlens::format::RunArchive> importAperfRuns(const std::string& path);

// One record archive already read into memory; `source` names it in messages.
struct AperfEntries;
runlens::format::RunArchive importAperfRecord(const AperfEntries& entries, const std::string& source);

} // namespace aperf
