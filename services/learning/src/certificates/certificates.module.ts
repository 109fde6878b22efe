import { Module } from '@nestjs/common';
import { CertificatesController } from './certificates.controller';

/**
 * Certificates as PDFs (docs/learning.md, "Certificates"): one pupil's certificate to print or download, made from
 * the challenge's certificate template with an embedded font that carries every Kazakh letter and a QR code to the
 * public check page.
 */
@Module({
  controllers: [CertificatesController],
})
export class CertificatesModule {}
