// The demo runs bundled in the app's resources (a baseline and a tuned run of one workload), for
// `runlens --demo` and the welcome page.
#pragma once

#include <QStringList>

namespace DemoRuns {

// The archives copied out to the cache directory (the reader works on files); copied again only
// when missing or of another size. Empty when this build bundles none or the copy fails.
QStringList files();

} // namespace DemoRuns
