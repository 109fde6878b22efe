var __runInitializers = (this && this.__runInitializers) || function (thisArg, initializers, value) {
    var useValue = arguments.length > 2;
    for (var i = 0; i < initializers.length; i++) {
        value = useValue ? initializers[i].call(thisArg, value) : initializers[i].call(thisArg);
    }
    return useValue ? value : void 0;
};
var __esDecorate = (this && this.__esDecorate) || function (ctor, descriptorIn, decorators, contextIn, initializers, extraInitializers) {
    function accept(f) { if (f !== void 0 && typeof f !== "function") throw new TypeError("Function expected"); return f; }
    var kind = contextIn.kind, key = kind === "getter" ? "get" : kind === "setter" ? "set" : "value";
    var target = !descriptorIn && ctor ? contextIn["static"] ? ctor : ctor.prototype : null;
    var descriptor = descriptorIn || (target ? Object.getOwnPropertyDescriptor(target, contextIn.name) : {});
    var _, done = false;
    for (var i = decorators.length - 1; i >= 0; i--) {
        var context = {};
        for (var p in contextIn) context[p] = p === "access" ? {} : contextIn[p];
        for (var p in contextIn.access) context.access[p] = contextIn.access[p];
        context.addInitializer = function (f) { if (done) throw new TypeError("Cannot add initializers after decoration has completed"); extraInitializers.push(accept(f || null)); };
        var result = (0, decorators[i])(kind === "accessor" ? { get: descriptor.get, set: descriptor.set } : descriptor[key], context);
        if (kind === "accessor") {
            if (result === void 0) continue;
            if (result === null || typeof result !== "object") throw new TypeError("Object expected");
            if (_ = accept(result.get)) descriptor.get = _;
            if (_ = accept(result.set)) descriptor.set = _;
            if (_ = accept(result.init)) initializers.unshift(_);
        }
        else if (_ = accept(result)) {
            if (kind === "field") initializers.unshift(_);
            else descriptor[key] = _;
        }
    }
    if (target) Object.defineProperty(target, contextIn.name, descriptor);
    done = true;
};
/**
 * `@ApiShape({ response })` ties a route to its proto contract at compile time: the typecheck of the tests
 * (`tsc -p tsconfig.test.json`, part of `npm run typecheck`) fails if a line marked `@ts-expect-error` below
 * compiles, i.e. if the decorator stopped refusing a method whose answer does not fit the contract. At run time it
 * only records the shape for the OpenAPI document.
 */
import { Controller, Get, Post } from '@nestjs/common';
import { messageReply, playReply, publicSettingsReply } from '@olymp/proto';
import { API_SHAPE_KEY, ApiShape } from '@olymp/server-kit';
const settings = { data: { support: { email: 'support@altynsaqa.kz', phone: null }, announcement: null } };
let Examples = (() => {
    let _classDecorators = [Controller()];
    let _classDescriptor;
    let _classExtraInitializers = [];
    let _classThis;
    let _instanceExtraInitializers = [];
    let _fits_decorators;
    let _fitsSync_decorators;
    let _missingField_decorators;
    let _wrongType_decorators;
    let _otherContract_decorators;
    let _file_decorators;
    var Examples = class {
        static { _classThis = this; }
        static {
            const _metadata = typeof Symbol === "function" && Symbol.metadata ? Object.create(null) : void 0;
            _fits_decorators = [Get('fits'), ApiShape({ response: publicSettingsReply })];
            _fitsSync_decorators = [Get('fits-sync'), ApiShape({ response: messageReply })];
            _missingField_decorators = [Get('missing-field'), ApiShape({ response: publicSettingsReply })];
            _wrongType_decorators = [Get('wrong-type'), ApiShape({ response: publicSettingsReply })];
            _otherContract_decorators = [Post('other-contract'), ApiShape({ response: publicSettingsReply })];
            _file_decorators = [Get('file'), ApiShape({ responseType: 'text/csv' })];
            __esDecorate(this, null, _fits_decorators, { kind: "method", name: "fits", static: false, private: false, access: { has: obj => "fits" in obj, get: obj => obj.fits }, metadata: _metadata }, null, _instanceExtraInitializers);
            __esDecorate(this, null, _fitsSync_decorators, { kind: "method", name: "fitsSync", static: false, private: false, access: { has: obj => "fitsSync" in obj, get: obj => obj.fitsSync }, metadata: _metadata }, null, _instanceExtraInitializers);
            __esDecorate(this, null, _missingField_decorators, { kind: "method", name: "missingField", static: false, private: false, access: { has: obj => "missingField" in obj, get: obj => obj.missingField }, metadata: _metadata }, null, _instanceExtraInitializers);
            __esDecorate(this, null, _wrongType_decorators, { kind: "method", name: "wrongType", static: false, private: false, access: { has: obj => "wrongType" in obj, get: obj => obj.wrongType }, metadata: _metadata }, null, _instanceExtraInitializers);
            __esDecorate(this, null, _otherContract_decorators, { kind: "method", name: "otherContract", static: false, private: false, access: { has: obj => "otherContract" in obj, get: obj => obj.otherContract }, metadata: _metadata }, null, _instanceExtraInitializers);
            __esDecorate(this, null, _file_decorators, { kind: "method", name: "file", static: false, private: false, access: { has: obj => "file" in obj, get: obj => obj.file }, metadata: _metadata }, null, _instanceExtraInitializers);
            __esDecorate(null, _classDescriptor = { value: _classThis }, _classDecorators, { kind: "class", name: _classThis.name, metadata: _metadata }, null, _classExtraInitializers);
            Examples = _classThis = _classDescriptor.value;
            if (_metadata) Object.defineProperty(_classThis, Symbol.metadata, { enumerable: true, configurable: true, writable: true, value: _metadata });
            __runInitializers(_classThis, _classExtraInitializers);
        }
        async fits() {
            return settings;
        }
        fitsSync() {
            return { message: 'ok' };
        }
        async missingField() {
            return { data: { support: { email: 'support@altynsaqa.kz', phone: null } } };
        }
        wrongType() {
            return { data: { support: { email: 'a@b.kz', phone: 7700 }, announcement: null } };
        }
        async otherContract() {
            return { data: { quiz: { id: '', title: { kk: '', ru: '', en: '' }, description: { kk: '', ru: '', en: '' }, durationSeconds: 1, questionCount: 0, maxPoints: 0 }, attempt: null, questions: [], context: { kind: 'standalone' } } };
        }
        file() {
            return 'a,b\n';
        }
        constructor() {
            __runInitializers(this, _instanceExtraInitializers);
        }
    };
    return Examples = _classThis;
})();
describe('@ApiShape', () => {
    it('records the contract on the route for the OpenAPI document', () => {
        const proto = Examples.prototype;
        expect(Reflect.getMetadata(API_SHAPE_KEY, proto.fits)).toEqual({ response: publicSettingsReply });
        expect(Reflect.getMetadata(API_SHAPE_KEY, proto.file)).toEqual({ responseType: 'text/csv' });
        expect(playReply).toBeDefined();
    });
});
