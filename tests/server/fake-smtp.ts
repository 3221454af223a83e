import { type AddressInfo, createServer } from 'node:net'
import { createInterface } from 'node:readline'

/**
 * A minimal SMTP relay on loopback for the mail tests: it accepts every command and keeps each
 * message's DATA (lines joined with '\n') in `received`. `url` is the server's SMTP_URL.
 */
export async function startFakeSmtp(): Promise<{ url: string; received: string[]; close(): void }> {
  const received: string[] = []
  const smtp = createServer((socket) => {
    let data: string | null = null
    socket.write('220 test-smtp ready\r\n')
    createInterface({ input: socket, crlfDelay: Infinity }).on('line', (line) => {
      if (data !== null) {
        if (line !== '.') return void (data += line + '\n')
        received.push(data)
        data = null
        return void socket.write('250 2.0.0 queued\r\n')
      }
      const cmd = line.slice(0, 4).toUpperCase()
      if (cmd === 'DATA') {
        data = ''
        socket.write('354 go ahead\r\n')
      } else if (cmd === 'QUIT') socket.end('221 bye\r\n')
      else socket.write(cmd === 'EHLO' || cmd === 'HELO' ? '250 test-smtp\r\n' : '250 ok\r\n')
    })
  })
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()))
  return { url: `smtp://127.0.0.1:${(smtp.address() as AddressInfo).port}`, received, close: () => smtp.close() }
}
