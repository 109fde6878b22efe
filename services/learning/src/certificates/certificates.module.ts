import { Module } from '@nestjs/common';
import { UploadsModule } from '@olymp/server-kit';
import { CertificatesController } from './certificates.controller';
import { CertsController } from './certs.controller';
import { CertRuns } from './cert-runs.service';
import { CertWorker } from './cert-worker';

/**
 * Certificates as PDFs (docs/learning.md, "Certificates"): one pupil's certificate to print or download, made from
 * the challenge's certificate template with an embedded font that carries every Kazakh letter and a QR code to the
 * public check page; and certificates in bulk (generate, progress, zip, clear), made in the background, stored
 * through the kit's uploads storage.
 */
@Module({
  imports: [UploadsModule],
  controllers: [CertificatesController, CertsController],
  providers: [CertRuns, CertWorker],
})
export class CertificatesModule {}
