#include "SessionFile.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(SessionFile)
};

// A session is a few kilobytes; anything far larger is not one, and is not read whole.
constexpr qint64 kMaximumSize = 16 << 20;

} // namespace

namespace SessionFile {

std::optional<Session> read(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = Text::tr("%1 cannot be read: %2.").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.read(kMaximumSize), &parseError);
    QString why = parseError.error == QJsonParseError::NoError
                      ? QString()
                      : Text::tr("it is not valid JSON (%1)").arg(parseError.errorString());
    std::optional<Session> session = why.isEmpty() ? Session::fromJson(document.object(), &why) : std::nullopt;
    if (!session)
        *error = Text::tr("%1 is not a usable session: %2.").arg(path, why);
    return session;
}

bool write(const Session& session, const QString& path, QString* error)
{
    // QSaveFile writes a temporary file and renames it over the old one on commit.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(session.toJson()).toJson()) < 0 || !file.commit()) {
        *error = Text::tr("The session could not be saved to %1: %2.").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace SessionFile
