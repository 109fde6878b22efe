/** The socket.io contract lives in proto (`proto/src/socket.ts`), shared with the student UI. */
export {
  type Ack, type BoardRefInput, type BoardView, type ClientToServerEvents, type MemberRow, type MyStanding, type NoticeView,
  type PublicRow, type ServerToClientEvents, boardRefInput, handshakeAuth,
} from '@olymp/proto';
