import { Controller, Get } from '@nestjs/common';
import type { z } from 'zod';
import { storeCourseReply, storeListReply } from '@olymp/proto';
import { ApiShape, Public, UuidParam, ValidQuery } from '@olymp/server-kit';
import { storeQuery } from './enrolment.dto';
import { StoreService } from './store.service';

/** The store: anyone may browse it (guests too); buying needs a signed-in pupil. */
@Controller('store')
export class StoreController {
  constructor(private readonly store: StoreService) {}

  @Get('courses')
  @Public()
  @ApiShape({ response: storeListReply, query: storeQuery, summary: 'The store tab: published courses of a kind with a tariff, or paid trainings' })
  list(@ValidQuery(storeQuery) q: z.output<typeof storeQuery>) {
    return this.store.list(q.tab);
  }

  @Get('courses/:course')
  @Public()
  @ApiShape({ response: storeCourseReply, summary: 'A course as the store shows it: teachers, timetable, programme, tariffs, price' })
  async course(@UuidParam('course') id: string) {
    return { data: await this.store.course(id) };
  }
}
