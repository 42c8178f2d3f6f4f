/** The user's messages and the operators' announcements (decision 0040). */
export { announcementRoutes } from './announcements.routes';
export { MessagesRepository } from './messages.repository';
export { messageRoutes } from './messages.routes';
export { describeDevice, MessagesService } from './messages.service';
