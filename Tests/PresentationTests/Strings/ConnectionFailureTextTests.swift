import Domain
import Presentation
import Testing
import UseCases

/// "No connection to the server" names the server and the cause, in both languages.
@Suite struct ConnectionFailureTextTests {
  @Test(arguments: [
    (
      ConnectionFailure.Cause.refused,
      "No connection to the server at 127.0.0.1:8080: connection refused",
      "Нет соединения с сервером 127.0.0.1:8080: соединение отклонено"
    ),
    (
      .hostNotFound, "No connection to the server at 127.0.0.1:8080: host not found",
      "Нет соединения с сервером 127.0.0.1:8080: сервер не найден"
    ),
    (
      .closedByServer,
      "No connection to the server at 127.0.0.1:8080: connection closed by the server",
      "Нет соединения с сервером 127.0.0.1:8080: сервер закрыл соединение"
    ),
    (
      .answerCutShort,
      "The server at 127.0.0.1:8080 closed the connection before its answer was complete",
      "Сервер 127.0.0.1:8080 закрыл соединение, не дослав ответ до конца"
    ),
    (
      .other, "No connection to the server at 127.0.0.1:8080",
      "Нет соединения с сервером 127.0.0.1:8080"
    ),
  ])
  func namesTheServerAndTheCause(cause: ConnectionFailure.Cause, english: String, russian: String) {
    let error = APIError.connectionFailed(ConnectionFailure(server: "127.0.0.1:8080", cause: cause))
    #expect(Localizer(language: .en).apiError(error) == english)
    #expect(Localizer(language: .ru).apiError(error) == russian)
    #expect(error.isConnectivityProblem)
  }
}
