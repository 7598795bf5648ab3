import { createServer, type Server } from 'node:net'

export type SmtpServer = {
  port: number
  url: string
  /** Each message's DATA (headers and body), in the order they arrived. */
  received: string[]
  /** How many of the next connections are turned away with `421` before any command (a hiccup). */
  refuseNext(count: number): void
  close(): Promise<void>
}

/** Just enough of an SMTP server on this machine to accept one message at a time, or to turn a sender away. */
export async function startSmtp(): Promise<SmtpServer> {
  const received: string[] = []
  let refusing = 0
  const server: Server = createServer((socket) => {
    if (refusing > 0) {
      refusing--
      socket.end('421 test service not available, try again later\r\n')
      return
    }
    let inData = false
    let buffer = ''
    socket.write('220 test ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString()
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n')
        if (end < 0) return
        received.push(buffer.slice(0, end))
        buffer = buffer.slice(end + 5)
        inData = false
        socket.write('250 OK queued\r\n')
      }
      let newline
      while (!inData && (newline = buffer.indexOf('\r\n')) >= 0) {
        const command = buffer.slice(0, newline).toUpperCase()
        buffer = buffer.slice(newline + 2)
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 test\r\n')
        else if (command.startsWith('DATA')) {
          inData = true
          socket.write('354 go ahead\r\n')
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n')
        else socket.write('250 OK\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (count) => void (refusing = count),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
