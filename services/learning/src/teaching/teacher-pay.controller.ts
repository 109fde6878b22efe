import { Controller, Get, Post } from '@nestjs/common';
import type { z } from 'zod';
import { salaryReply, teacherGroupsReply, teacherLessonsReply, wagePaymentReply, wagePaymentsReply, wageRateReply, wageRatesReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, RequirePermission, SignedIn, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { monthQuery, recordWagePayment, setWageRate } from './teaching.dto';
import { WagesService } from './wages.service';

/**
 * A teacher's work and pay (the staff page's tabs groups, past-lessons, payment-history, payment-wages, salary).
 * Reads: the teacher themself, or staff holding `wage:view`; writes: `wage:rate_update`, `wage:pay`.
 */
@Controller('teaching/teachers/:user')
export class TeacherPayController {
  constructor(private readonly wages: WagesService) {}

  @Get('groups')
  @ApiShape({ response: teacherGroupsReply })
  @SignedIn()
  groups(@CurrentUser() user: AuthUser, @UuidParam('user') teacherId: string) {
    return this.wages.groups(user, teacherId);
  }

  @Get('past-lessons')
  @ApiShape({ response: teacherLessonsReply })
  @SignedIn()
  pastLessons(@CurrentUser() user: AuthUser, @UuidParam('user') teacherId: string, @ValidQuery(monthQuery) q: z.output<typeof monthQuery>) {
    return this.wages.pastLessons(user, teacherId, q.month);
  }

  @Get('salary')
  @ApiShape({ response: salaryReply })
  @SignedIn()
  salary(@CurrentUser() user: AuthUser, @UuidParam('user') teacherId: string, @ValidQuery(monthQuery) q: z.output<typeof monthQuery>) {
    return this.wages.salary(user, teacherId, q.month);
  }

  @Get('wage-rates')
  @ApiShape({ response: wageRatesReply })
  @SignedIn()
  rates(@CurrentUser() user: AuthUser, @UuidParam('user') teacherId: string) {
    return this.wages.rates(user, teacherId);
  }

  @Post('wage-rates')
  @ApiShape({ response: wageRateReply })
  @RequirePermission('wage:rate_update')
  setRate(@CurrentUser() user: AuthUser, @UuidParam('user') teacherId: string, @ValidBody(setWageRate) body: z.output<typeof setWageRate>) {
    return this.wages.setRate(user, teacherId, body);
  }

  @Get('wage-payments')
  @ApiShape({ response: wagePaymentsReply })
  @SignedIn()
  payments(@CurrentUser() user: AuthUser, @UuidParam('user') teacherId: string) {
    return this.wages.payments(user, teacherId);
  }

  @Post('wage-payments')
  @ApiShape({ response: wagePaymentReply })
  @RequirePermission('wage:pay')
  pay(@CurrentUser() user: AuthUser, @UuidParam('user') teacherId: string, @ValidBody(recordWagePayment) body: z.output<typeof recordWagePayment>) {
    return this.wages.pay(user, teacherId, body);
  }
}
