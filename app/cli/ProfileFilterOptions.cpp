#include "ProfileFilterOptions.h"

#include "IdList.h"

#include <QCoreApplication>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ProfileFilterOptions)
};

} // namespace

ProfileFilterOptions::ProfileFilterOptions()
    : m_cpus(QStringLiteral("cpus"), Text::tr("Only the stack samples taken on these CPUs, e.g. 0-3,8."), Text::tr("list"))
    , m_processes(QStringLiteral("processes"),
                  Text::tr("Only the stack samples of these processes (PIDs, e.g. 4711,4800-4810)."), Text::tr("list"))
    , m_threads(QStringLiteral("threads"),
                Text::tr("Only the stack samples of these threads (TIDs); with --processes, a sample of either passes."),
                Text::tr("list"))
{
}

bool ProfileFilterOptions::read(const QCommandLineParser& parser, ProfileFilterChoice& choice, QString& error) const
{
    const auto readList = [&](const QCommandLineOption& option, std::vector<std::uint32_t>& ids) {
        if (!parser.isSet(option))
            return true;
        const QString text = parser.value(option);
        const auto parsed = parseIdList(text);
        if (!parsed || parsed->empty()) {
            error = Text::tr("--%1 %2 is not a list of ids such as 0-3,8").arg(option.names().constFirst(), text);
            return false;
        }
        ids = *parsed;
        return true;
    };
    return readList(m_cpus, choice.cpus) && readList(m_processes, choice.pids) && readList(m_threads, choice.tids);
}
