// The one-way dependencies of ARCHITECTURE.md, checked on the source tree:
//   recorder/ (the tool and the format) includes no Qt at all;
//   models/ includes Qt Core headers only (and Qt Concurrent, which runs work off the GUI thread
//   and needs no GUI either);
//   widgets/ knows nothing of the app, libssh or libarchive.
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Include {
    QString file;
    int line = 0;
    QString header;
};

QList<Include> includesUnder(const QString& root)
{
    static const QRegularExpression includePattern(QStringLiteral("^\\s*#\\s*include\\s*[<\"]([^>\"]+)[>\"]"));
    QList<Include> result;
    QDirIterator it(root, {QStringLiteral("*.h"), QStringLiteral("*.hpp"), QStringLiteral("*.cpp"),
                           QStringLiteral("*.in")},
                    QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
            continue;
        int lineNumber = 0;
        while (!file.atEnd()) {
            const QString line = QString::fromUtf8(file.readLine());
            ++lineNumber;
            const QRegularExpressionMatch match = includePattern.match(line);
            if (match.hasMatch())
                result.append({path, lineNumber, match.captured(1)});
        }
    }
    return result;
}

bool isQtHeader(const QString& header)
{
    static const QRegularExpression qtPattern(QStringLiteral(R"(^(Qt[A-Za-z]*/)?Q[A-Z][A-Za-z]*(\.h)?$|^Qt[A-Z][A-Za-z]*/)"));
    return qtPattern.match(header).hasMatch();
}

QString describe(const Include& include)
{
    return QStringLiteral("%1:%2 includes %3").arg(include.file).arg(include.line).arg(include.header);
}

// Qt headers in recorder/, and any non-Qt-Core Qt header in models/.
QStringList layeringViolations(const QString& sourceRoot, const QString& qtHeadersDir)
{
    QStringList violations;
    for (const Include& include : includesUnder(sourceRoot + QStringLiteral("/recorder"))) {
        if (isQtHeader(include.header))
            violations.append(describe(include) + QStringLiteral(" (recorder/ must stay Qt-free)"));
    }
    for (const Include& include : includesUnder(sourceRoot + QStringLiteral("/models"))) {
        if (!isQtHeader(include.header))
            continue;
        const QString name = include.header.section(QLatin1Char('/'), -1);
        const auto inModule = [&](const QString& module) {
            return QFile::exists(qtHeadersDir + QLatin1Char('/') + module + QLatin1Char('/') + name)
                && (!include.header.contains(QLatin1Char('/')) || include.header.startsWith(module + QLatin1Char('/')));
        };
        if (!inModule(QStringLiteral("QtCore")) && !inModule(QStringLiteral("QtConcurrent")))
            violations.append(describe(include) + QStringLiteral(" (models/ uses Qt Core only)"));
    }
    static const QRegularExpression forbiddenInWidgets(QStringLiteral(R"(^(libssh/|archive|MainWindow|Remote|Ssh))"));
    for (const Include& include : includesUnder(sourceRoot + QStringLiteral("/widgets"))) {
        if (forbiddenInWidgets.match(include.header).hasMatch())
            violations.append(describe(include) + QStringLiteral(" (widgets/ know nothing of the app, files or SSH)"));
    }
    return violations;
}

void writeFile(const QString& path, const QByteArray& content)
{
    QDir().mkpath(path.section(QLatin1Char('/'), 0, -2));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

} // namespace

class TestLayering : public QObject
{
    Q_OBJECT

private slots:
    void sourceTreeFollowsTheLayers()
    {
        const QStringList violations =
            layeringViolations(QStringLiteral(RUNLENS_SOURCE_DIR), QStringLiteral(QT_HEADERS_DIR));
        if (!violations.isEmpty())
            QFAIL(qPrintable(violations.join(QLatin1Char('\n'))));
    }

    void scannerSeesEveryKindOfViolation()
    {
        // A tree with one violation of each rule, so this test fails if the scanner goes blind.
        QTemporaryDir tree;
        QVERIFY(tree.isValid());
        writeFile(tree.filePath(QStringLiteral("recorder/collect/Bad.cpp")), "#include <QString>\n");
        writeFile(tree.filePath(QStringLiteral("recorder/format/Bad.h")), "  #  include \"QtCore/qglobal.h\"\n");
        writeFile(tree.filePath(QStringLiteral("models/Bad.h")), "#include <QWidget>\n#include <QObject>\n");
        writeFile(tree.filePath(QStringLiteral("models/Bad2.cpp")), "#include <QtCharts/QChart>\n");
        writeFile(tree.filePath(QStringLiteral("models/Good.cpp")),
                  "#include <QHash>\n#include <vector>\n#include <QtConcurrent/QtConcurrentRun>\n");
        writeFile(tree.filePath(QStringLiteral("models/Bad3.cpp")), "#include <QColor>\n");
        writeFile(tree.filePath(QStringLiteral("widgets/Bad.cpp")), "#include <libssh/libssh.h>\n");

        const QStringList violations = layeringViolations(tree.path(), QStringLiteral(QT_HEADERS_DIR));
        QCOMPARE(violations.size(), 6);
        QVERIFY(violations.filter(QStringLiteral("includes QColor")).size() == 1);
        QVERIFY(violations.filter(QStringLiteral("Bad.cpp:1 includes QString")).size() == 1);
        QVERIFY(violations.filter(QStringLiteral("QtCore/qglobal.h")).size() == 1);
        QVERIFY(violations.filter(QStringLiteral("includes QWidget")).size() == 1);
        QVERIFY(violations.filter(QStringLiteral("QtCharts/QChart")).size() == 1);
        QVERIFY(violations.filter(QStringLiteral("libssh")).size() == 1);
        QVERIFY(violations.filter(QStringLiteral("QHash")).isEmpty());
        QVERIFY(violations.filter(QStringLiteral("QtConcurrentRun")).isEmpty());
    }

    void recorderBuildDoesNotFindQt()
    {
        static const QRegularExpression qtInCMake(QStringLiteral(R"(find_package\s*\(\s*Qt|Qt6::|qt_add_)"));
        QDirIterator it(QStringLiteral(RUNLENS_SOURCE_DIR "/recorder"), {QStringLiteral("CMakeLists.txt")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(file.readAll());
            QVERIFY2(!qtInCMake.match(text).hasMatch(), qPrintable(file.fileName() + QStringLiteral(" uses Qt")));
        }
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "tst_layering.moc"
