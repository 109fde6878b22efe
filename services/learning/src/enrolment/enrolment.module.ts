import { Module } from '@nestjs/common';
import { CrudResource } from '@olymp/server-kit';
import { CourseTariff } from '../floor/enrolment.entities';
import { createTariff, updateTariff } from './enrolment.dto';
import { TariffHooks } from './enrolment.hooks';
import { CourseStudentsService } from './course-students.service';
import { EnrolmentController } from './enrolment.controller';
import { EnrolmentPaidConsumer } from './enrolment-paid.consumer';
import { Enrolments } from './enrolments.service';
import { RenewalSweeper } from './renewal-sweeper';
import { StandingService } from './standing.service';
import { StoreController } from './store.controller';
import { StoreService } from './store.service';

/**
 * The course store and paid enrolment (issue 15): staff CRUD of tariffs (read `sidebar:course_index`, write
 * `course:update`), the public store, a pupil's invoice per tariff period through finance, `invoice.paid` enrolling
 * once, renewals and lapses (RenewalSweeper), the pupil's standing, subscription and free trial lesson.
 */
@Module({
  imports: [
    CrudResource.register({
      path: 'tariffs', entity: CourseTariff, create: createTariff, update: updateTariff,
      access: { read: 'sidebar:course_index', store: 'course:update', update: 'course:update', destroy: 'course:update' },
      searchable: ['titleKk', 'titleRu', 'titleEn'], relations: { course: {} }, label: ['title'], hooks: TariffHooks,
      fields: { priceTenge: { unit: 'tenge' }, priceZp: { unit: 'zp' }, includesKk: { hiddenInList: true }, includesRu: { hiddenInList: true }, includesEn: { hiddenInList: true } },
      defaultSort: [{ field: 'position', order: 'ASC' }, { field: 'createdAt', order: 'DESC' }],
    }),
  ],
  controllers: [StoreController, EnrolmentController],
  providers: [TariffHooks, Enrolments, CourseStudentsService, StandingService, StoreService, EnrolmentPaidConsumer, RenewalSweeper],
  exports: [Enrolments],
})
export class EnrolmentModule {}
