import { Controller, Get, Header, Post, Put, Req, Res, StreamableFile, UseFilters } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  attendanceCountsReply, homeworkListReply, homeworkReply, lessonAttendanceReply, myAttendanceReply, submissionReply, submissionsReply, uploadReply,
} from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, SignedIn, UploadOffsetFilter, UuidParam, ValidBody } from '@olymp/server-kit';
import { createHomework, gradeSubmission, markAttendance, submitHomework } from './course.dto';
import { ClassworkService } from './classwork.service';

/**
 * Attendance and homework. Every route is for signed-in callers and decides by the group: staff by their keys
 * (`sidebar:group_index` reads, `group:update` writes), a teacher of the group, or the pupil themself.
 */
@Controller()
export class ClassworkController {
  constructor(private readonly work: ClassworkService) {}

  @Get('lessons/:lesson/attendance')
  @ApiShape({ response: lessonAttendanceReply })
  @SignedIn()
  attendance(@CurrentUser() user: AuthUser, @UuidParam('lesson') lessonId: string) {
    return this.work.lessonAttendance(user, lessonId);
  }

  @Put('lessons/:lesson/attendance')
  @ApiShape({ response: lessonAttendanceReply, body: markAttendance })
  @SignedIn()
  mark(@CurrentUser() user: AuthUser, @UuidParam('lesson') lessonId: string, @ValidBody(markAttendance) body: z.output<typeof markAttendance>) {
    return this.work.mark(user, lessonId, body.marks);
  }

  @Post('lessons/:lesson/attendance/present-all')
  @ApiShape({ summary: 'Marks every pupil of the group not marked yet as present (other marks stay).', response: lessonAttendanceReply })
  @SignedIn()
  presentAll(@CurrentUser() user: AuthUser, @UuidParam('lesson') lessonId: string) {
    return this.work.presentAll(user, lessonId);
  }

  @Get('groups/:group/attendance-counts')
  @ApiShape({ response: attendanceCountsReply })
  @SignedIn()
  counts(@CurrentUser() user: AuthUser, @UuidParam('group') groupId: string) {
    return this.work.counts(user, groupId);
  }

  @Get('my-attendance')
  @ApiShape({ response: myAttendanceReply })
  @SignedIn()
  myAttendance(@CurrentUser() user: AuthUser) {
    return this.work.myAttendance(user);
  }

  @Post('lessons/:lesson/homework')
  @ApiShape({ response: homeworkReply, body: createHomework })
  @SignedIn()
  setHomework(@CurrentUser() user: AuthUser, @UuidParam('lesson') lessonId: string, @ValidBody(createHomework) body: z.output<typeof createHomework>) {
    return this.work.setHomework(user, lessonId, body);
  }

  @Get('groups/:group/homework')
  @ApiShape({ response: homeworkListReply })
  @SignedIn()
  groupHomework(@CurrentUser() user: AuthUser, @UuidParam('group') groupId: string) {
    return this.work.groupHomework(user, groupId);
  }

  @Get('my-homework')
  @ApiShape({ response: homeworkListReply })
  @SignedIn()
  myHomework(@CurrentUser() user: AuthUser) {
    return this.work.myHomework(user);
  }

  @Put('homework/:homework/submission')
  @ApiShape({ response: submissionReply, body: submitHomework })
  @SignedIn()
  submit(@CurrentUser() user: AuthUser, @UuidParam('homework') homeworkId: string, @ValidBody(submitHomework) body: z.output<typeof submitHomework>) {
    return this.work.submit(user, homeworkId, body);
  }

  @Post('homework/:homework/upload')
  @ApiShape({
    response: uploadReply,
    summary: 'A pupil of the group sends the file they hand in: the kit\'s chunked upload protocol (start with {name, size, type}, then multipart chunks {id, offset, chunk}; uploads.module.ts)',
  })
  @SignedIn()
  @UseFilters(UploadOffsetFilter)
  async upload(@CurrentUser() user: AuthUser, @UuidParam('homework') homeworkId: string, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.work.upload(user, homeworkId, req);
    void reply.status(result.created ? 201 : 200);
    return { data: result.view };
  }

  /** The handed-in file (never the kit's upload address, which answers only its uploader); the UI fetches it with the token. */
  @Get('homework/:homework/submissions/:submission/file')
  @ApiShape({ summary: 'A hand-in\'s file, for the pupil who handed it in, the group\'s teachers and staff with group:update' })
  @SignedIn()
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async submissionFile(@CurrentUser() user: AuthUser, @UuidParam('homework') homeworkId: string, @UuidParam('submission') submissionId: string) {
    const file = await this.work.submissionFile(user, homeworkId, submissionId);
    return new StreamableFile(file.stream, { type: file.mime, length: file.size, disposition: attachment(file.name) });
  }

  @Get('homework/:homework/submissions')
  @ApiShape({ response: submissionsReply })
  @SignedIn()
  submissions(@CurrentUser() user: AuthUser, @UuidParam('homework') homeworkId: string) {
    return this.work.submissions(user, homeworkId);
  }

  @Put('homework-submissions/:submission/grade')
  @ApiShape({ response: submissionReply, body: gradeSubmission })
  @SignedIn()
  grade(@CurrentUser() user: AuthUser, @UuidParam('submission') id: string, @ValidBody(gradeSubmission) body: z.output<typeof gradeSubmission>) {
    return this.work.grade(user, id, body);
  }
}

/** `attachment` with the pupil's file name: an ASCII fallback, and the exact name in `filename*` (RFC 6266, 5987). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
