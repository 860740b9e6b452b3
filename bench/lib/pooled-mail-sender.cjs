// The mail sender as the benchmarks' "tuned" run measures it: the same nodemailer over SMTP as
// @grain/adapters' SmtpMailSender, but with the connection pool actually on (SmtpMailSender passes
// `{ pool: true }` as nodemailer's *message defaults*, so every mail opens a new SMTP connection and
// waits for the server's greeting — smtp-server holds it 100 ms to catch early talkers) and Nagle off
// on the socket (the DATA terminator otherwise waits ~40 ms for a delayed ACK on loopback).
const net = require('node:net');
const nodemailer = require('nodemailer');

class PooledSmtpMailSender {
  constructor(url, from) {
    const u = new URL(url);
    this.url = url;
    this.from = from;
    this.transport = nodemailer.createTransport({
      host: u.hostname,
      port: Number(u.port || 25),
      secure: u.protocol === 'smtps:',
      pool: true,
      maxConnections: 8,
      ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
      // The pool only takes an already connected socket from getSocket.
      getSocket: (o, cb) => {
        const socket = net.connect(o.port, o.host);
        socket.setNoDelay(true);
        socket.once('error', cb);
        socket.once('connect', () => {
          socket.removeListener('error', cb);
          cb(null, { connection: socket });
        });
      },
    });
  }
  info() {
    return { kind: 'real', detail: `pooled smtp ${new URL(this.url).host} (bench)` };
  }
  async ping() {
    await this.transport.verify();
  }
  async send(mail) {
    const r = await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
    });
    return { messageId: r.messageId };
  }
  close() {
    this.transport.close();
  }
}

module.exports = { PooledSmtpMailSender };
